//! The notebook's scale, which every picture of the process is drawn at: set by what a learner
//! can type, and what it leaves behind.
//!
//! Its own test binary, apart from `tests/main.rs`: the scale is the process's, and the tests
//! there that measure pictures would see it change under them.

use magic_tictactoe::render::{self, Scale};

#[test]
fn any_number_a_learner_types_is_a_scale_and_the_normal_one_leaves_nothing_behind() {
    assert_eq!(render::set_scale(f64::NAN), Scale::NORMAL);
    assert_eq!(render::set_scale(f64::INFINITY), Scale::LARGEST);
    assert_eq!(render::set_scale(-3.0), Scale::SMALLEST);
    assert_eq!(render::projector(), Scale::PROJECTOR);
    assert_eq!(render::scale(), Scale::PROJECTOR);
    let kept = std::env::temp_dir().join(format!("magic-tictactoe-scale-{}", std::process::id()));
    let written = kept.exists();
    render::set_scale(1.0);
    assert_eq!(render::scale(), Scale::NORMAL);
    if cfg!(target_os = "linux") {
        assert!(
            written,
            "the projector's scale is kept for the kernel's later cells"
        );
    }
    // The normal scale needs no file: nothing of this process is left in the temporary folder.
    assert!(!kept.exists(), "{} is left behind", kept.display());
}
