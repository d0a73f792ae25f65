# Sourced by the scripts: puts the tools cargo-leptos looks for on PATH, so it
# never tries to download them (wasm-opt comes from npm's binaryen).
export PATH="$HOME/.cargo/bin:$PWD/end2end/node_modules/.bin:$PATH"
