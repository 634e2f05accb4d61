"""Qt widgets: one package per tab (memory, mesh, pipeline, comm) plus shared chart helpers. Views read models."""
