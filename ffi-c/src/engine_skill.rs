//! Strength levels from C: an engine's level 0 (weakest) to 20 (the plain
//! search, the level an engine is made with), set directly (UCI `Skill
//! Level`) or from an Elo on the measured ladder (UCI `UCI_Elo`).

use search::{Skill, SkillError};

use super::cescacs_result;
use super::engine::cescacs_engine;
use super::error::Error;
use super::guard::{borrow, guard, guard_out};

/// The strongest level, `cescacs_engine_set_skill`'s default: the plain search.
pub const CESCACS_SKILL_MAX: u32 = 20;
/// The lowest Elo `cescacs_engine_set_elo` takes (level 0).
pub const CESCACS_ELO_MIN: u32 = 1000;
/// The highest Elo `cescacs_engine_set_elo` takes (level 20).
pub const CESCACS_ELO_MAX: u32 = 2805;

/// Sets the engine's strength level for its next searches: 0 (weakest) to
/// `CESCACS_SKILL_MAX` (full strength). A level below 20 is a node budget
/// (the same strength on any machine); levels 0 to 7 also choose among four
/// root lines with a random error, seeded by `seed` (the same seed,
/// position and game replay the same moves from a new game on).
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (a level above 20).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_set_skill(
    engine: *const cescacs_engine,
    level: u32,
    seed: u64,
) -> cescacs_result {
    guard("cescacs_engine_set_skill", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        let skill = Skill::new(level).map_err(bad)?;
        e.lock().engine.set_skill(skill.with_seed(seed));
        Ok(())
    })
}

/// Sets the engine's strength from an Elo (`CESCACS_ELO_MIN` to
/// `CESCACS_ELO_MAX`): the strongest level whose Elo on the measured ladder
/// (docs/ENGINE.md, "Levels") is at most `elo`, seeded as
/// `cescacs_engine_set_skill` seeds it.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (an Elo out of range).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_set_elo(
    engine: *const cescacs_engine,
    elo: u32,
    seed: u64,
) -> cescacs_result {
    guard("cescacs_engine_set_elo", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        let skill = Skill::from_elo(elo).map_err(bad)?;
        e.lock().engine.set_skill(skill.with_seed(seed));
        Ok(())
    })
}

/// Writes the engine's strength level (0 to 20) to `*level_out`.
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_skill(
    engine: *const cescacs_engine,
    level_out: *mut u32,
) -> cescacs_result {
    // SAFETY: `level_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_engine_skill", level_out, "level_out", || {
            // SAFETY: `engine` is NULL or a live handle (the header's contract).
            let e = borrow(engine)?;
            let level = e.lock().engine.options().skill.level();
            Ok(level)
        })
    }
}

/// Writes the Elo of strength level `level` (0 to 20) on the measured
/// ladder (docs/ENGINE.md, "Levels") to `*elo_out`: what a level picker
/// shows beside each level, and what `cescacs_engine_set_elo` maps back.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (a level above 20).
#[no_mangle]
pub unsafe extern "C" fn cescacs_skill_elo(level: u32, elo_out: *mut u32) -> cescacs_result {
    // SAFETY: `elo_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_skill_elo", elo_out, "elo_out", || {
            Ok(Skill::new(level).map_err(bad)?.elo())
        })
    }
}

fn bad(e: SkillError) -> Error {
    Error::new(cescacs_result::BadArgument, e.to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_c_bounds_are_the_engines() {
        assert_eq!(super::CESCACS_SKILL_MAX, search::MAX_SKILL_LEVEL);
        assert_eq!(
            (super::CESCACS_ELO_MIN, super::CESCACS_ELO_MAX),
            (search::MIN_ELO, search::MAX_ELO)
        );
    }

    #[test]
    fn each_level_has_its_ladder_elo() {
        use super::{cescacs_result, cescacs_skill_elo};
        for level in 0..=20 {
            let mut elo = 0;
            // SAFETY: `elo` is a live u32.
            let r = unsafe { cescacs_skill_elo(level, &mut elo) };
            assert_eq!(
                (r, elo),
                (cescacs_result::Ok, search::SKILL_ELO[level as usize])
            );
        }
        let mut elo = 7;
        // SAFETY: `elo` is a live u32.
        let r = unsafe { cescacs_skill_elo(21, &mut elo) };
        assert_eq!((r, elo), (cescacs_result::BadArgument, 7));
        // SAFETY: NULL is refused before any write.
        let r = unsafe { cescacs_skill_elo(3, std::ptr::null_mut()) };
        assert_eq!(r, cescacs_result::NullPointer);
    }
}
