"""The camera pipeline's stages, one module each; :mod:`vision.pipeline` runs them in order."""
