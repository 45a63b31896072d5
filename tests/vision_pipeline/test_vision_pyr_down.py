"""Issue 32, the frame's search copy: halving it a channel at a time gives the same pixels as
OpenCV's pyrDown on the interleaved frame (which is slower on BGR), so the markers and the
overview see the same image."""
import cv2
import numpy as np

from vision.stages.locate import prepare, pyr_down


def test_a_channel_at_a_time_is_pyr_down(sample):
    image, _ = sample(1)
    for im in (image, image[:-1, 1:], cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)):  # odd sizes too
        assert np.array_equal(pyr_down(im), cv2.pyrDown(im))


def test_the_search_copy_is_made_from_the_halved_frame(sample):
    image, _ = sample(1)
    frame = prepare(image)
    half = cv2.pyrDown(image)
    f = frame.small.shape[1] / half.shape[1]
    assert np.array_equal(frame.small, cv2.resize(half, None, fx=f, fy=f,
                                                  interpolation=cv2.INTER_LINEAR))
