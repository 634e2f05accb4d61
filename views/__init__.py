"""Qt widgets: one module per tab plus shared chart helpers. Views read models."""
