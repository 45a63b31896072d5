"""`splendor-companion read-table` and `splendor-companion bench-vision`.

Registration is cheap: OpenCV and the decoders are imported inside the handlers.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.i18n.commands import english as say


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "read-table", help="say what the camera sees on the table in photos or frames",
        description="Read each image (a photo or a frame of the table) and print what is on the "
                    "table: nobles, market, decks, bank, the scan zone, every tag read, and what "
                    "is uncertain. Folders are read image by image. Exit 0: all read; 2: a file "
                    "is not an image (or is over 50 megapixels), or the overlay folder can't "
                    "be written; 1: the camera is missing or an overlay could not be written.")
    p.add_argument("images", metavar="IMAGE", nargs="*", help="image files or folders of images")
    p.add_argument("--camera", metavar="SOURCE",
                   help="also take one picture from a camera: pi, pi:N, usb or usb:N")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object a line, one per image (spec/table.md)")
    p.add_argument("--overlay", metavar="DIR",
                   help="also write each image annotated with what was seen into DIR")
    p.add_argument("--stills", action="store_true",
                   help="the images are successive stills of one game, in order: a card read "
                        "in an earlier still is known again when glare hides its tag, and with "
                        "--players the first still showing the full bank teaches the table's "
                        "light for the rest")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=None,
                   help="players in the game (the full bank at setup: 4, 5 or 7 of each gem)")
    p.set_defaults(func=run_read_table)

    b = subparsers.add_parser(
        "bench-vision", help="measure the camera pipeline on rendered frames and the samples",
        description="Render frames of random tables (mostly 2304 x 1296, some 4608 x 2592 and "
                    "1920 x 1080, some with a hand), read them on one core, and report tags "
                    "read, wrong ids, bank lanes, busy detection, time per frame, and the QR "
                    "decoders alone and chained.")
    b.add_argument("--frames", type=int, default=200, help="rendered frames (default 200)")
    b.add_argument("--seed", type=int, default=0, help="seed of the rendered frames")
    b.add_argument("--samples", metavar="DIR", default=None,
                   help="also score the sample frames in DIR (default: shared/samples/table-v1 "
                        "beside the repository, when present)")
    b.add_argument("--cache", metavar="DIR", default=None,
                   help="keep the rendered frames in DIR and reuse them next time")
    b.add_argument("--hard", type=int, default=0, metavar="N",
                   help="also score N frames rendered in hard light (beyond the spec's mix)")
    b.add_argument("--hands", type=int, default=0, metavar="N",
                   help="also score N frames with a hand near the mat hiding nothing (false busy) "
                        "and N with a hand over slots, lanes or the scan zone (busy recall, "
                        "covered regions), all 2304 x 1296")
    b.add_argument("--hand-seed", type=int, default=9001,
                   help="seed of the near-hand frames (the over-hand frames use the next one)")
    b.add_argument("--printed-mat", nargs="?", const="en", default="", metavar="LANG",
                   choices=("en", "pl", "ko"),
                   help="render the mat as print-mat prints it (a label in each slot, the "
                        "colour's name over each lane; in English, or LANG: en, pl, ko) "
                        "instead of the shared samples' mat")
    b.add_argument("--no-decoders", action="store_true",
                   help="skip the per-decoder comparison (faster)")
    b.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    b.set_defaults(func=run_bench_vision)


def run_read_table(args: argparse.Namespace) -> int:
    import cv2

    from companion.i18n.files import english
    from vision.frames import NotAnImage, expand_paths, load_image
    from vision.observation import draw_overlay, format_text, to_json_line
    from vision.pipeline import analyse

    overlay_dir = Path(args.overlay) if args.overlay else None
    if overlay_dir is not None:
        problem = _overlay_folder_problem(overlay_dir)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    paths = expand_paths(args.images)
    if not paths and not args.camera:
        print(say("no-images"), file=sys.stderr)
        return 2
    status = 0

    memory = None
    if args.stills or args.players:
        from vision.stills import TableMemory
        memory = TableMemory(players=args.players)

    def report(image, name: str, stem: str) -> None:
        nonlocal status
        reading = analyse(image, image_name=name, memory=memory)
        result = reading.result
        print(to_json_line(result) if args.json else format_text(result), flush=True)
        if overlay_dir is not None:
            out = overlay_dir / f"{stem}-overlay.jpg"
            ok, data = cv2.imencode(".jpg", draw_overlay(reading), [cv2.IMWRITE_JPEG_QUALITY, 88])
            try:
                _write_file(out, data.tobytes() if ok else b"")
            except OSError as exc:
                print(say("overlay-unwritable", path=out, reason=exc.strerror),
                      file=sys.stderr)
                status = status or 1

    for path in paths:
        try:
            image = load_image(path)
        except NotAnImage as exc:
            print(english(exc), file=sys.stderr)
            status = 2
            continue
        report(image, path.name, path.stem)
    if args.camera:
        from companion.i18n.devices import english as device_english
        from vision.frames import CameraUnavailable, open_source

        if args.camera.split(":")[0] not in ("pi", "usb"):
            print(device_english(CameraUnavailable("not-a-camera", spec=args.camera)),
                  file=sys.stderr)
            return 2
        try:
            with open_source(args.camera) as source:
                image = source.read()
        except CameraUnavailable as exc:
            print(device_english(exc), file=sys.stderr)
            return 1
        report(image, f"camera-{args.camera}", f"camera-{args.camera.replace(':', '-')}")
    return status


def _overlay_folder_problem(folder: Path) -> str | None:
    """A sentence when overlays can't be written into ``folder`` (checked before any work)."""
    import tempfile

    if folder.exists() and not folder.is_dir():
        return say("overlay-folder-is-a-file", folder=folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return say("overlay-folder-unwritable", folder=folder, reason=exc.strerror)
    return None


def _write_file(path: Path, data: bytes) -> None:
    """Write a whole file or none of it (a temporary file renamed), and only over a regular
    file: never into a device node or a FIFO. OSError says why."""
    import os
    import tempfile

    from companion.engine.inputs import InputError, check_output_path

    try:
        check_output_path(path, "overlay")
    except InputError:
        raise OSError(0, "it is not an ordinary file") from None
    if not data:
        raise OSError(0, "the image could not be encoded")
    fd, tmp = tempfile.mkstemp(prefix=".overlay-", suffix=".jpg", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def run_bench_vision(args: argparse.Namespace) -> int:
    from workbench.vision_bench import run_bench

    return run_bench(args)
