//! Puts a hash of the crate's sources on rustc's command line (`--cfg source_hash="..."`), so
//! that evcxr's compilation cache, which knows a build only by its command line, caches the
//! crate for notebooks and never serves a build of other sources.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

fn hash_dir(dir: &Path, hasher: &mut DefaultHasher) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            hash_dir(&path, hasher);
        } else if let Ok(bytes) = std::fs::read(&path) {
            path.to_string_lossy().hash(hasher);
            bytes.hash(hasher);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut hasher = DefaultHasher::new();
    for part in ["src", "Cargo.toml", "README.md", "build.rs"] {
        let path = root.join(part);
        if path.is_dir() {
            hash_dir(&path, &mut hasher);
        } else if let Ok(bytes) = std::fs::read(&path) {
            bytes.hash(&mut hasher);
        }
        println!("cargo::rerun-if-changed={part}");
    }
    println!("cargo::rustc-check-cfg=cfg(source_hash, values(any()))");
    println!("cargo::rustc-cfg=source_hash=\"{:016x}\"", hasher.finish());
}
