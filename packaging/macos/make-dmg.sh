#!/usr/bin/env bash
# macOS: pack dist/tslab.app (make dist on macOS) as dist/tslab-VERSION-macos-ARCH.dmg (+ .sha256).
#
#   packaging/macos/make-dmg.sh
#
# Signing and notarisation (packaging/README.md, macOS) are taken from the environment:
#   CODESIGN_IDENTITY  e.g. "Developer ID Application: NAME (TEAMID)": make dist signs the app with it
#                      (tslab.spec passes it to PyInstaller, with packaging/macos/entitlements.plist),
#                      and this script signs the disk image
#   NOTARY_PROFILE     a keychain profile stored with `xcrun notarytool store-credentials`: the image
#                      is submitted to Apple's notary service, and the ticket stapled to it
# Without them the app keeps PyInstaller's ad-hoc signature, which runs on the building Mac only
# (elsewhere Gatekeeper asks to confirm it in System Settings > Privacy & Security).
set -euo pipefail
cd "$(dirname "$0")/../.."

version=$(python3 packaging/tslab_build.py version)
app=dist/tslab.app
dmg="dist/tslab-$version-macos-$(uname -m).dmg"
[[ -d "$app" ]] || { echo "make-dmg.sh: no $app (run make dist on macOS first)" >&2; exit 1; }

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp -R "$app" "$staging/Training Systems Lab.app"
ln -s /Applications "$staging/Applications"   # drag the app onto it to install
rm -f "$dmg"
hdiutil create -volname "Training Systems Lab $version" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$dmg"

if [[ -n "${CODESIGN_IDENTITY:-}" ]]; then
    codesign --force --timestamp --sign "$CODESIGN_IDENTITY" "$dmg"
fi
if [[ -n "${NOTARY_PROFILE:-}" ]]; then
    xcrun notarytool submit "$dmg" --keychain-profile "$NOTARY_PROFILE" --wait
    xcrun stapler staple "$dmg"
fi
(cd dist && shasum -a 256 "$(basename "$dmg")" > "$(basename "$dmg").sha256")
echo "$dmg ($(du -h "$dmg" | cut -f1))"
