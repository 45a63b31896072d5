#!/usr/bin/env bash
# Check `make install-pi` in a fresh Debian root made with debootstrap: the
# install, a second run (upgrade), and what a Pi would have at boot. Slow
# (10+ minutes, downloads a Debian base and the app's wheels): run on purpose
# with `sudo make check-install-pi`, never from `make test`.
#
# Environment:
#   SUITE=trixie       Debian release (trixie = 13, as Raspberry Pi OS; bookworm = 12)
#   MIRROR=...         Debian mirror (default: deb.debian.org)
#   CHROOT_DIR=...     where to build the root (default /var/tmp/splendor-check-$SUITE)
#   KEEP=1             keep the root afterwards, for a look around
#
# systemd can't run as PID 1 in a chroot, so the service is not started: the
# check is that the unit is installed, enabled (its symlink in
# multi-user.target.wants) and passes `systemd-analyze verify` inside the
# root, where its ExecStart really exists, and that the installed app runs
# as the service's user without the Raspberry Pi-only packages.
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SUITE=${SUITE:-trixie}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
ROOT=${CHROOT_DIR:-/var/tmp/splendor-check-$SUITE}
UNIT=splendor-companion.service
LOG=$(mktemp -d)/check-install-pi
mkdir -p "$LOG"

say() { printf '==> %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; failures=$((failures + 1)); }
pass() { printf 'ok: %s\n' "$*"; passes=$((passes + 1)); }
failures=0; passes=0

[ "$(id -u)" = 0 ] || { echo "Run this as root: sudo make check-install-pi" >&2; exit 1; }

unmount_all() {
  for m in dev/pts dev sys proc; do
    mountpoint -q "$ROOT/$m" 2>/dev/null && { umount "$ROOT/$m" 2>/dev/null || umount -l "$ROOT/$m"; }
  done
  return 0
}
cleanup() {
  unmount_all
  # --one-file-system: never into a /dev or /proc that is still mounted.
  if [ "${KEEP:-0}" = 1 ]; then echo "The root is kept in $ROOT"; else rm -rf --one-file-system "$ROOT"; fi
}
trap cleanup EXIT

in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  HOME=/root LANG=C.UTF-8 "$@"; }

t0=$(date +%s)
if ! command -v debootstrap >/dev/null; then
  say "Installing debootstrap"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
fi

unmount_all
rm -rf --one-file-system "$ROOT"
say "Making a fresh Debian $SUITE root in $ROOT"
debootstrap --variant=minbase --include=systemd,systemd-sysv "$SUITE" "$ROOT" "$MIRROR" \
  > "$LOG/debootstrap.log" 2>&1 || { tail -20 "$LOG/debootstrap.log"; exit 1; }
t_debootstrap=$(( $(date +%s) - t0 ))

mount -t proc proc "$ROOT/proc"
mount -t sysfs sysfs "$ROOT/sys"
mount --bind /dev "$ROOT/dev"
mount --bind /dev/pts "$ROOT/dev/pts"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
# Trust what this machine trusts (e.g. a proxy's CA in /usr/local/share/
# ca-certificates): ca-certificates, installed by install-pi.sh, adds them.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$ROOT/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
fi
# No daemons started by package scripts inside the root.
printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"; chmod +x "$ROOT/usr/sbin/policy-rc.d"

# On a Pi, python3-picamera2 brings Debian's numpy (1.x on Debian 12, 2.x on
# 13), and its compiled helpers need the venv's numpy to match that major version.
in_root apt-get update -qq > "$LOG/numpy.log" 2>&1
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-numpy \
  >> "$LOG/numpy.log" 2>&1 || { tail -20 "$LOG/numpy.log"; exit 1; }

# The project as it is in the working tree (what `make install-pi` would install).
mkdir -p "$ROOT/src"
tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.egg-info' \
  --exclude=__pycache__ --exclude=./out -cf - . | tar -C "$ROOT/src" -xf -

say "First install (log: $LOG/install-1.log)"
t1=$(date +%s)
if in_root bash /src/scripts/install-pi.sh > "$LOG/install-1.log" 2>&1; then pass "install-pi.sh ran"
else tail -30 "$LOG/install-1.log"; fail "install-pi.sh failed"; exit 1; fi
t_install=$(( $(date +%s) - t1 ))

# A game journal, as the service would leave it: an upgrade must keep it.
mkdir -p "$ROOT/var/lib/splendor-companion"
journal_line='{"format": "splendor-record", "version": 1, "players": ["Ana", "Ben"]}'
echo "$journal_line" > "$ROOT/var/lib/splendor-companion/game-check.jsonl"
in_root chown -R splendor:splendor /var/lib/splendor-companion

say "Second install: an upgrade (log: $LOG/install-2.log)"
echo "# changed for the upgrade check" >> "$ROOT/src/companion/kiosk.py"
t2=$(date +%s)
if in_root bash /src/scripts/install-pi.sh > "$LOG/install-2.log" 2>&1; then pass "install-pi.sh ran again"
else tail -30 "$LOG/install-2.log"; fail "the second install-pi.sh failed"; fi
t_upgrade=$(( $(date +%s) - t2 ))

say "Checking the result"
venv=/opt/splendor-companion/venv
cmp -s "$SRC/systemd/$UNIT" "$ROOT/etc/systemd/system/$UNIT" && pass "the unit is installed" ||
  fail "the unit in /etc/systemd/system differs from the repository's"
link=$(readlink "$ROOT/etc/systemd/system/multi-user.target.wants/$UNIT" || true)
[ "$link" = "/etc/systemd/system/$UNIT" ] && pass "the unit is enabled (multi-user.target.wants -> $link)" ||
  fail "the unit is not enabled (no symlink in multi-user.target.wants)"
in_root systemctl is-enabled "$UNIT" > "$LOG/is-enabled" 2>&1 || true
[ "$(cat "$LOG/is-enabled")" = enabled ] && pass "systemctl is-enabled says enabled" ||
  fail "systemctl is-enabled says: $(cat "$LOG/is-enabled")"
in_root systemd-analyze verify "/etc/systemd/system/$UNIT" > "$LOG/verify.out" 2> "$LOG/verify.err" &&
  [ ! -s "$LOG/verify.err" ] && pass "systemd-analyze verify: exit 0, stderr empty" ||
  fail "systemd-analyze verify: $(cat "$LOG/verify.err")"
security=$(in_root systemd-analyze security --offline=true "/etc/systemd/system/$UNIT" 2>&1 | tail -1)
echo "   $security"

groups=$(in_root id -nG splendor)
for g in video render input gpio; do
  [[ " $groups " == *" $g "* ]] || fail "the user splendor is not in the group $g ($groups)"
done
[[ " $groups " == *" gpio "* && " $groups " == *" video "* ]] && pass "user splendor in: $groups"
shell=$(in_root getent passwd splendor | cut -d: -f7)
[ "$shell" = /usr/sbin/nologin ] && pass "the user can't log in" || fail "the user's shell is $shell"

grep -q '^include-system-site-packages = true' "$ROOT$venv/pyvenv.cfg" &&
  pass "the venv sees Debian's Python packages" || fail "the venv is not --system-site-packages"
grep -q 'changed for the upgrade check' "$ROOT$venv"/lib/python3*/site-packages/companion/kiosk.py &&
  pass "the upgrade installed the changed code" || fail "the upgrade kept the old code"
[ "$(cat "$ROOT/var/lib/splendor-companion/game-check.jsonl")" = "$journal_line" ] &&
  pass "the game journal survived both installs" || fail "the game journal was changed or lost"

# The app, as the service's user, without the Pi-only packages.
if in_root runuser -u splendor -- "$venv/bin/splendor-companion" --help > "$LOG/help.out" 2>&1; then
  pass "splendor-companion --help runs as splendor"
else fail "splendor-companion --help: $(tail -5 "$LOG/help.out")"; fi
probe='import companion.app.watchdog, companion.app.kiosk, cv2, numpy, zxingcpp, pyzbar.pyzbar, gpiozero, kivy
try:
    import picamera2; print("picamera2: present")
except ImportError:
    print("picamera2: absent (camera optional)")
print("numpy", numpy.__version__, "cv2", cv2.__version__, "kivy", kivy.__version__)'
if in_root runuser -u splendor -- env KIVY_NO_ARGS=1 KIVY_HOME=/tmp/kivy-check "$venv/bin/python" -c "$probe" \
     > "$LOG/probe.out" 2>&1; then
  pass "the app's libraries import: $(grep -v '^\[' "$LOG/probe.out" | tr '\n' ' ')"
else fail "the app's libraries don't import: $(tail -5 "$LOG/probe.out")"; fi

numpy_major() { in_root runuser -u splendor -- "$1" -c 'import numpy; print(numpy.__version__.split(".")[0])'; }
debian_numpy=$(numpy_major /usr/bin/python3); venv_numpy=$(numpy_major "$venv/bin/python")
[ "$debian_numpy" = "$venv_numpy" ] && pass "the venv's numpy is $venv_numpy.x like Debian's" ||
  fail "the venv's numpy is $venv_numpy.x but Debian's compiled modules need $debian_numpy.x"

pi_note=$(grep 'not in this system' "$LOG/install-1.log" || true)
if [ -n "$pi_note" ]; then pass "the installer says: ${pi_note#NOTE: }"
elif in_root dpkg -s python3-picamera2 >/dev/null 2>&1; then pass "python3-picamera2 was installed"
else fail "the installer did not say which Raspberry Pi packages it could not find"; fi

total=$(( $(date +%s) - t0 ))
echo
echo "Times: debootstrap ${t_debootstrap}s, first install ${t_install}s, upgrade ${t_upgrade}s, total ${total}s ($SUITE)."
echo "check-install-pi: $passes passed, $failures failed"
[ "$failures" = 0 ]
