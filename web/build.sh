#!/usr/bin/env bash
# Builds the browser version (title, crawler, reactor, editor) into web/dist: index.html, the wasm
# module and its JS glue, which any static file server serves (e.g. python3 -m http.server -d web/dist).
# Needs the wasm32 target and wasm-bindgen-cli of the same version as the wasm-bindgen in Cargo.lock;
# the first missing one is named with the command that installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "web/build.sh: the wasm32 target is missing; install it with: rustup target add wasm32-unknown-unknown" >&2
  exit 1
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  echo "web/build.sh: wasm-bindgen-cli $version is missing; install it with: cargo install wasm-bindgen-cli --version $version" >&2
  exit 1
fi

# A target folder of its own, so a desktop build beside it is not rebuilt.
target="${CARGO_TARGET_DIR:-target}/web-app"
cargo build -p hollowdeep-web --release --target wasm32-unknown-unknown --target-dir "$target"
rm -rf web/dist.new
wasm-bindgen --target web --no-typescript --out-dir web/dist.new \
  "$target/wasm32-unknown-unknown/release/hollowdeep_web.wasm"
cp web/index.html web/dist.new/
# Swapped in whole, so a failed build never leaves half a page where a working one was.
rm -rf web/dist
mv web/dist.new web/dist
echo "web/build.sh: built web/dist ($(du -sh web/dist | cut -f1)); serve it with: python3 -m http.server -d web/dist"
