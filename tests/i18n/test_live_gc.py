"""A language change while Kivy drops gone widgets' rules (companion.i18n.live)."""
import gc

from companion import i18n
from companion.i18n.live import LiveTranslator


def test_a_rule_dropped_while_the_language_changes_does_not_stop_the_change():
    """Kivy unbinds a gone widget's rule when the garbage collector runs, and that can be in
    the middle of a language change: the change goes on to every other label (it raised
    'dictionary changed size during iteration', seen in a test run, and left the app half in
    the old language)."""
    tr = LiveTranslator(i18n.Translator("en"))
    heard = []
    uids = [tr.fbind("_", lambda *a, i=i: heard.append(i)) for i in range(500)]
    dropped = []

    def collecting(phase, info):
        if phase == "start" and uids:
            uid = uids.pop()
            tr.unbind_uid("_", uid)
            dropped.append(uid)
    hold = [(i, -i) for i in range(5000)]    # no spare pairs: the change makes new ones
    threshold = gc.get_threshold()
    gc.callbacks.append(collecting)
    gc.set_threshold(1)                      # a collection at every new object
    try:
        tr.switch("pl")
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(collecting)
    del hold
    assert dropped, "no collection ran during the change"
    assert tr.lang == "pl"
    kept = set(uids)          # every rule still bound heard the change
    assert {i for i, uid in enumerate(sorted(kept | set(dropped))) if uid in kept} <= set(heard)
