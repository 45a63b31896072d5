#!/usr/bin/env bash
# Install Splendor Companion on a Raspberry Pi as an appliance: the table
# screen starts at boot, is restarted if it dies or freezes, and runs as an
# unprivileged user shut in by systemd (systemd/splendor-companion.service).
#
# For Raspberry Pi OS / Debian 13 (Python 3.13) and Debian 12. Run as root
# (`sudo make install-pi`). Safe to run again: it upgrades the app in place
# and restarts the service. The games in /var/lib/splendor-companion are
# never touched.
#
# Environment:
#   SPLENDOR_NO_RESTART=1   install or upgrade without (re)starting the service now
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=/opt/splendor-companion
VENV=$PREFIX/venv
APP_USER=splendor
APP_GROUPS="video render input gpio"
UNIT=splendor-companion.service
UNIT_DIR=/etc/systemd/system
STATE_DIR=/var/lib/splendor-companion   # StateDirectory= in the unit
UDEV_RULE=/etc/udev/rules.d/60-splendor-companion-gpio.rules

# Needed everywhere. GL/EGL/GBM/DRM: Kivy's SDL2 window on KMS/DRM; Mesa's
# drivers; mtdev: Kivy's multitouch input; zbar: pyzbar; systemd: the unit;
# udev: gives the display, touch and GPIO devices to their groups; gettext: msgfmt compiles
# the translations; fonts-nanum: the Hangul merged into the app's font at install.
REQUIRED_PACKAGES="python3 python3-venv ca-certificates systemd udev
  libgl1 libegl1 libgles2 libgbm1 libdrm2 libgl1-mesa-dri libmtdev1 libzbar0
  gettext fonts-nanum"
# Only in Raspberry Pi OS's archive (or not in every Debian release). The app
# runs without them: no camera means turns are entered by touch; no lgpio
# means no seat buttons through the Pi 5's GPIO.
PI_PACKAGES="python3-picamera2 python3-lgpio"

say() { printf '==> %s\n' "$*"; }
note() { printf 'NOTE: %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "Run this as root, for example: sudo make install-pi"
command -v apt-get >/dev/null || die "This installer is for Raspberry Pi OS or Debian: apt-get was not found."
[ -f "$SRC/pyproject.toml" ] && [ -f "$SRC/systemd/$UNIT" ] ||
  die "The project was not found next to this script (looked in $SRC)."

# ---- Debian packages -------------------------------------------------------
# A package is installable when apt could install it. A simulated install
# also accepts a name that Debian 13 only provides under a new name
# (libzbar0 -> libzbar0t64, the 64-bit time_t transition).
has_candidate() {
  apt-get install -s -qq --no-install-recommends "$1" >/dev/null 2>&1
}

say "Updating the package lists"
apt-get update -qq

missing_required=""
for p in $REQUIRED_PACKAGES; do has_candidate "$p" || missing_required="$missing_required $p"; done
[ -z "$missing_required" ] || die "These packages are not in this system's archive:$missing_required."

pi_found=""; pi_missing=""
for p in $PI_PACKAGES; do
  if has_candidate "$p"; then pi_found="$pi_found $p"; else pi_missing="$pi_missing $p"; fi
done

say "Installing Debian packages"
# No recommends: python3-picamera2 recommends a Qt/OpenGL preview stack we don't use.
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  $REQUIRED_PACKAGES $pi_found

# ---- The user and its device groups --------------------------------------
for g in $APP_GROUPS; do
  getent group "$g" >/dev/null || { say "Creating the group $g"; groupadd --system "$g"; }
done
if ! getent passwd "$APP_USER" >/dev/null; then
  say "Creating the user $APP_USER"
  if getent group "$APP_USER" >/dev/null; then group_opt=(--gid "$APP_USER"); else group_opt=(--user-group); fi
  useradd --system "${group_opt[@]}" --home-dir "$STATE_DIR" --no-create-home \
    --shell /usr/sbin/nologin --comment "Splendor Companion" "$APP_USER"
fi
usermod --append --groups "${APP_GROUPS// /,}" "$APP_USER"

# Raspberry Pi OS gives /dev/gpiochip* to the gpio group; plain Debian leaves
# them to root. Add the rule only where no rule does it already.
if ! grep -qs 'gpiochip' /etc/udev/rules.d/*.rules /lib/udev/rules.d/*.rules /usr/lib/udev/rules.d/*.rules \
   || [ -f "$UDEV_RULE" ]; then
  mkdir -p "$(dirname "$UDEV_RULE")"
  printf '%s\n' '# Installed by Splendor Companion: seat buttons and LEDs for the gpio group.' \
    'SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"' > "$UDEV_RULE"
  [ -d /run/udev ] && udevadm trigger --subsystem-match=gpio 2>/dev/null || true
fi

# ---- The app in a virtual environment --------------------------------------
py_version() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null; }
system_py=$(py_version python3) || die "python3 does not run."
if [ -d "$VENV" ]; then
  # A Debian upgrade (12 -> 13) changes Python: the old environment is dead, rebuild it.
  if [ "$(py_version "$VENV/bin/python" || true)" != "$system_py" ] ||
     ! grep -qs '^include-system-site-packages = true' "$VENV/pyvenv.cfg"; then
    say "Rebuilding the virtual environment for Python $system_py"
    rm -rf "$VENV"
  fi
fi
if [ ! -d "$VENV" ]; then
  say "Creating the virtual environment $VENV (Python $system_py, sees Debian's camera library)"
  mkdir -p "$PREFIX"
  # --system-site-packages: picamera2 and lgpio come from Debian, not PyPI.
  python3 -m venv --system-site-packages "$VENV"
fi

# Debian 12's numpy is 1.x and picamera2's compiled helpers (simplejpeg) are
# built against it: a numpy 2 in the venv would break them. Keep numpy 1.x
# there; Debian 13's numpy is 2.x, no limit needed.
constraints=$PREFIX/constraints.txt
: > "$constraints"
system_numpy=$(/usr/bin/python3 -c 'import numpy; print(numpy.__version__)' 2>/dev/null || true)
case "$system_numpy" in 1.*) echo "numpy<2" > "$constraints" ;; esac

say "Installing the app into $VENV"
# Build from a copy: a root-owned build/ in the checkout would trouble its owner.
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.egg-info' \
  --exclude=__pycache__ --exclude=./out -cf - . | tar -C "$build" -xf -
# The translations, compiled (and checked) into the copy before it is packaged.
for po in "$build"/companion/locale/*/LC_MESSAGES/companion.po; do
  msgfmt --check -o "${po%.po}.mo" "$po" || die "The translation $po does not compile."
done
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q --upgrade --constraint "$constraints" "$build"
# The app's font (Roboto + NanumGothic's Hangul), built with the fontTools just installed,
# from files on this machine only; the reinstall below packs it with the app.
say "Building the app's font (Latin, Polish and Hangul in one)"
"$VENV/bin/python" -m companion.i18n.fontbuild --force "$build/companion/fonts" ||
  die "The app's font could not be built from Debian's fonts-nanum."
# The same version number may have new code: always replace the app itself.
"$VENV/bin/python" -m pip install -q --force-reinstall --no-deps "$build"
install -m 0644 "$SRC/README.md" "$PREFIX/README.md"
"$VENV/bin/splendor-companion" --help >/dev/null || die "The installed app does not start."

# ---- Kiosk: the console blanker off (takes effect at the next boot) -----------
cmdline=""
if [ -f /boot/firmware/cmdline.txt ]; then cmdline=/boot/firmware/cmdline.txt
elif [ -f /boot/cmdline.txt ] && [ ! -d /boot/firmware ]; then cmdline=/boot/cmdline.txt; fi
if [ -n "$cmdline" ] && ! grep -q 'consoleblank=' "$cmdline"; then
  say "Turning the console blanker off in $cmdline (from the next boot)"
  sed -i '1 s/[[:space:]]*$/ consoleblank=0/' "$cmdline"
fi

# ---- The service ----------------------------------------------------------
say "Installing and enabling $UNIT"
install -m 0644 "$SRC/systemd/$UNIT" "$UNIT_DIR/$UNIT"
systemctl enable "$UNIT" 2>&1 | grep -v '^Created symlink' || true
systemctl is-enabled --quiet "$UNIT" 2>/dev/null ||
  [ -L "$UNIT_DIR/multi-user.target.wants/$UNIT" ] || die "$UNIT could not be enabled."
verify_errors=$(systemd-analyze verify "$UNIT_DIR/$UNIT" 2>&1 >/dev/null || true)
[ -z "$verify_errors" ] || note "systemd-analyze verify says: $verify_errors"

if [ -d /run/systemd/system ]; then   # systemd is running (not a chroot or a container build)
  systemctl daemon-reload
  if [ "$(systemctl get-default)" = graphical.target ]; then
    note "This Pi boots to a desktop, which takes the screen. For the table screen, boot to the console: sudo systemctl set-default multi-user.target (or raspi-config: System Options, Boot, Console)."
  fi
  if [ "${SPLENDOR_NO_RESTART:-0}" = 1 ]; then
    say "Installed; the service starts at the next boot (or now: sudo systemctl restart $UNIT)"
  else
    say "Starting the service (a game in progress resumes from its journal)"
    systemctl restart "$UNIT"
  fi
else
  say "systemd is not running here: the service starts at the next boot"
fi

if [ -n "$pi_missing" ]; then
  note "These Raspberry Pi OS packages are not in this system's archive, so they were not installed:$pi_missing."
  note "The app runs without them: without python3-picamera2 there is no camera (turns are entered by touch); without python3-lgpio no seat buttons on a Pi 5."
fi
say "Done. Games are kept in $STATE_DIR; logs: journalctl -u $UNIT"
