#!/usr/bin/env bash
# Regenerates cjk-subset.otf: Noto Sans CJK SC (Debian's fonts-noto-cjk) cut down to the
# characters of the message catalogs plus ASCII and CJK punctuation, so every 中文 string the
# window shows renders without shipping the 19 MB collection.
#   apt-get install -y fonts-noto-cjk python3-fonttools && bash crates/desktop/assets/make-cjk-font.sh
# Run it again whenever crates/i18n/locales/*.ftl gains characters (a test says so).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
locales="$here/../../i18n/locales"
source=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
[ -f "$source" ] || { echo "missing $source: apt-get install -y fonts-noto-cjk" >&2; exit 1; }
text="$(mktemp)"
trap 'rm -f "$text"' EXIT
{
  cat "$locales"/*.ftl
  # ASCII, full-width and CJK punctuation.
  /usr/bin/python3 -c 'print("".join(map(chr, [*range(0x20, 0x7f), *range(0x3000, 0x3020), *range(0xff01, 0xff5f), 0x2026, 0xb7, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d])))'
} > "$text"
# Font number 2 of the collection is Simplified Chinese (JP, KR, SC, TC, HK).
/usr/bin/python3 -m fontTools.subset "$source" --font-number=2 --text-file="$text" \
  --layout-features='*' --no-hinting --desubroutinize --output-file="$here/cjk-subset.otf"
cp /usr/share/doc/fonts-noto-cjk/copyright "$here/cjk-subset-LICENSE.txt"
ls -l "$here/cjk-subset.otf"
