"""Why a device can't be used, said from its facts: the camera (``vision.frames``'
``CameraUnavailable``) and the seat panel (``hardware.panel``'s ``PanelError``). The devices say
no sentence; :func:`say` words their refusal in the current language, :func:`english` in the
English ``read-table`` and ``test-panel`` print and the log keeps.

>>> from vision.frames import CameraUnavailable
>>> english(CameraUnavailable("no-usb-camera", device="/dev/video7"))
'No USB camera answers at /dev/video7: check that it is plugged in.'
>>> from hardware.panel import PanelError
>>> english(PanelError("not-virtual"))
'The panel is wired to real GPIO pins, so its buttons can only be pressed by hand, not on screen.'
"""
from __future__ import annotations

from companion.i18n import _, in_records, say_by_kind
from companion.i18n.files import with_reason
from hardware.panel import PanelError
from vision.frames import CameraUnavailable


def _camera(cause: str, f: dict) -> str:
    f = with_reason(f)
    if cause == "no-picamera2":
        return _("The Raspberry Pi camera library (picamera2) is not installed here, so the Pi "
                 "camera cannot be used; on the Pi install python3-picamera2.")
    if cause == "pi-not-queried":
        return _("The Raspberry Pi camera system could not be queried ({reason}).").format(**f)
    if cause == "no-pi-camera":
        return _("No Raspberry Pi camera is connected: check the ribbon cable and that the "
                 "camera is enabled, then restart.")
    if cause == "pi-not-started":
        return _("The Raspberry Pi camera could not be started ({reason}); it may be in use by "
                 "another program.").format(**f)
    if cause == "pi-stopped":
        return _("The Raspberry Pi camera stopped delivering pictures ({reason}).").format(**f)
    if cause == "no-usb-camera":
        return _("No USB camera answers at {device}: check that it is plugged in.").format(**f)
    if cause == "usb-stopped":
        return _("The USB camera at {device} stopped sending pictures: it may have been "
                 "unplugged.").format(**f)
    if cause == "not-a-camera":
        return _("{spec} is not a camera; use pi, pi:N, usb or usb:N.").format(
            spec=repr(f["spec"]))
    return _("The camera can't be used.")


def _panel(cause: str, f: dict) -> str:
    if cause == "no-gpio":
        return _("This machine has no GPIO pins that gpiozero can drive, so the seat buttons "
                 "and LEDs can only run as a virtual panel (MockFactory).")
    if cause == "not-virtual":
        return _("The panel is wired to real GPIO pins, so its buttons can only be pressed by "
                 "hand, not on screen.")
    return _("The seat panel can't do that.")


_SAYERS = ((CameraUnavailable, _camera), (PanelError, _panel))


def say(err) -> str:
    """The device's refusal ``err`` in the current language."""
    return say_by_kind(err, _SAYERS)


english = in_records(say, """The refusal in the English the commands print and the log keeps.""")


__all__ = ["say", "english"]
