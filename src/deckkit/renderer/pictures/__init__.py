"""What a picture file is (format, size, resolution, whether it decodes), and the verdicts of a
render's pictures decoded ahead on a thread, which its plan carries to whoever asks."""
