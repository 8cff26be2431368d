# Helpers of scripts/check-tutorial, one module per kind of check (it stays short enough to read).
