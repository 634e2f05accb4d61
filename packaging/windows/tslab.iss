; Inno Setup 6 script: the Windows installer of Training Systems Lab.
;
;   iscc packaging\windows\tslab.iss          after the PyInstaller build (dist\tslab\tslab.exe, tslab-cli.exe)
;   -> dist\tslab-VERSION-windows-x64-setup.exe
;
; It installs dist\tslab\ into Program Files (or the user's programs folder, if chosen), adds a
; Start-menu entry (and optionally a desktop icon) for the windowed tslab.exe, registers the
; file type of tslab scenarios, and installs an uninstaller (Settings > Apps).
;
; The version is not written here: the preprocessor reads it from __init__.py, the line
; `__version__ = "X.Y.Z"` (tests/test_packaging.py checks that this parsing finds tslab.__version__).
; `iscc /DAppVersion=X.Y.Z` overrides it.

#define AppName "Training Systems Lab"
#define AppPublisher "Training Systems Lab contributors"
#define RepoRoot AddBackslash(SourcePath) + "..\.."

#ifndef AppVersion
  #define VersionPrefix '__version__ = "'
  #define AppVersion ""
  #define FileHandle
  #define FileLine
  #sub ReadVersionLine
    #define FileLine = FileRead(FileHandle)
    #if Pos(VersionPrefix, FileLine) == 1
      #define AppVersion = Copy(FileLine, Len(VersionPrefix) + 1, RPos('"', FileLine) - Len(VersionPrefix) - 1)
    #endif
  #endsub
  #for {FileHandle = FileOpen(RepoRoot + "\__init__.py"); FileHandle && !FileEof(FileHandle) && AppVersion == ""; ""} ReadVersionLine
  #if FileHandle
    #expr FileClose(FileHandle)
  #endif
#endif
#if AppVersion == ""
  #error No line __version__ = "X.Y.Z" in __init__.py
#endif

[Setup]
AppId=org.tslab.TrainingSystemsLab
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
LicenseFile={#RepoRoot}\LICENSE
OutputDir={#RepoRoot}\dist
OutputBaseFilename=tslab-{#AppVersion}-windows-x64-setup
SetupIconFile={#RepoRoot}\resources\icons\tslab.ico
UninstallDisplayIcon={app}\tslab.exe
UninstallDisplayName={#AppName}
; Program Files for everyone (needs administrator rights) or the user's own programs folder.
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "tomldefault"; Description: "Open every .toml file with {#AppName} by default"; GroupDescription: "File types:"; Flags: unchecked

[Files]
; The whole one-folder bundle: tslab.exe (the app, windowed), tslab-cli.exe (the commands, console), _internal\.
Source: "{#RepoRoot}\dist\tslab\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\tslab.exe"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\tslab.exe"; Tasks: desktopicon

[Registry]
; The file type of tslab scenarios, opened by the app: "tslab.exe" "FILE" opens FILE (packaging/tslab_entry.py).
Root: HKA; Subkey: "Software\Classes\tslab.scenario"; ValueType: string; ValueName: ""; ValueData: "{#AppName} scenario"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\tslab.scenario\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\tslab.exe,0"
Root: HKA; Subkey: "Software\Classes\tslab.scenario\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\tslab.exe"" ""%1"""
; Windows keys file types by the last extension only, so NAME.tslab.toml is a .toml file to
; Explorer: the app is listed under "Open with" for .toml files, and becomes their default only
; when the task above is chosen (other programs may own .toml).
Root: HKA; Subkey: "Software\Classes\.toml\OpenWithProgids"; ValueType: string; ValueName: "tslab.scenario"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.toml"; ValueType: string; ValueName: ""; ValueData: "tslab.scenario"; Flags: uninsdeletevalue; Tasks: tomldefault
Root: HKA; Subkey: "Software\Classes\Applications\tslab.exe\SupportedTypes"; ValueType: string; ValueName: ".toml"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\tslab.exe"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
