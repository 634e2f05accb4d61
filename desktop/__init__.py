"""App shell: QApplication setup, main window, menus, settings, CLI, export, i18n."""
