//! Drawing coordinates: the board in the plane, for front ends that draw it:
//! where each hex's centre and six corners lie, and which hex a point falls in.
//!
//! The coordinate system is that of the SVG boards (`python/cescacs/svg.py`)
//! with the y axis turned up: hexes are *flat-topped* (two horizontal
//! edges, a corner pointing left and one pointing right) with circumradius
//! 1 (centre to corner; the inradius, centre to edge, is √3/2); the central
//! hex F14 is at the origin; x grows to White's right (column P on the left,
//! Z on the right) and y grows towards Black (line 0, White's side, at the
//! bottom, line 28 at the top). The centre of the hex at (column c, line l)
//! is
//!
//! ```text
//! x = 1.5 · (c − 7)        y = (√3 / 2) · (l − 14)
//! ```
//!
//! so the six orthogonal neighbours are √3 away (F16, two lines up the same
//! column, is straight above F14), the six diagonal ones 3 away, and the board
//! spans x ∈ [−11.5, 11.5] and y ∈ [−15·√3/2, 15·√3/2] (corners included). To draw with y down (SVG,
//! most screen APIs) negate y; to draw with Black at the bottom negate both.
//! Scale by the circumradius wanted in pixels.
//!
//! ```
//! use cescacs::Hex;
//! let f14: Hex = "F14".parse().unwrap();
//! assert_eq!(f14.center(), (0.0, 0.0));
//! let (x, y) = "F16".parse::<Hex>().unwrap().center();
//! assert!((x - 0.0).abs() < 1e-12 && (y - 3f64.sqrt()).abs() < 1e-12);
//! assert_eq!(f14.corners()[0], (1.0, 0.0));
//! assert_eq!(Hex::at_point(0.3, -0.2), Some(f14));
//! assert_eq!(Hex::at_point(30.0, 0.0), None);
//! ```

use crate::geometry::Hex;

/// √3 / 2: the inradius of a hex of circumradius 1, and one cross-line step
/// in y.
const HALF_SQRT3: f64 = 0.866_025_403_784_438_6;

impl Hex {
    /// The centre of the hex in the plane (see the module documentation:
    /// circumradius 1, F14 at the origin, White at the bottom, y up):
    /// `(1.5 · (column − 7), √3/2 · (line − 14))`.
    pub fn center(self) -> (f64, f64) {
        (
            1.5 * (f64::from(self.column()) - 7.0),
            HALF_SQRT3 * (f64::from(self.line()) - 14.0),
        )
    }

    /// The six corners of the hex, counter-clockwise (y up) from the one on
    /// the right: the centre plus `(cos 60°·k, sin 60°·k)` for k = 0..6,
    /// i.e. (1, 0), (½, √3/2), (−½, √3/2), (−1, 0), (−½, −√3/2), (½, −√3/2).
    /// (With y turned down, as in SVG, the same points go clockwise.)
    /// Neighbouring hexes share corners exactly.
    pub fn corners(self) -> [(f64, f64); 6] {
        let (x, y) = self.center();
        [
            (x + 1.0, y),
            (x + 0.5, y + HALF_SQRT3),
            (x - 0.5, y + HALF_SQRT3),
            (x - 1.0, y),
            (x - 0.5, y - HALF_SQRT3),
            (x + 0.5, y - HALF_SQRT3),
        ]
    }

    /// The hex whose hexagon contains the point `(x, y)` (in the
    /// coordinates of [`Hex::center`]), or `None` outside the board (or for
    /// a coordinate that is not a finite number): what a front end asks
    /// when the player clicks. A point on an edge shared by two hexes
    /// belongs to one of them.
    pub fn at_point(x: f64, y: f64) -> Option<Hex> {
        if !x.is_finite() || !y.is_finite() {
            return None;
        }
        // The nearest centre; a hexagon is the set of points nearest its
        // centre, so only its own hexagon's test remains.
        let nearest = Hex::all().min_by(|a, b| {
            let da = distance2(a.center(), (x, y));
            let db = distance2(b.center(), (x, y));
            da.total_cmp(&db)
        })?;
        let (cx, cy) = nearest.center();
        let (dx, dy) = ((x - cx).abs(), (y - cy).abs());
        // Flat-topped hexagon of circumradius 1 (with a hair of slack for
        // points computed on an edge).
        let eps = 1e-9;
        (dy <= HALF_SQRT3 + eps && 2.0 * HALF_SQRT3 * dx + dy <= 2.0 * HALF_SQRT3 + eps)
            .then_some(nearest)
    }
}

fn distance2(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)
}

#[cfg(test)]
mod tests {
    use super::HALF_SQRT3;
    use crate::geometry::{Dir, Hex};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
        super::distance2(a, b).sqrt()
    }

    #[test]
    fn neighbours_are_sqrt3_and_3_away() {
        for h in Hex::all() {
            for d in Dir::ALL {
                if let Some(n) = h.step(d) {
                    let want = if d.is_orthogonal() { 3f64.sqrt() } else { 3.0 };
                    assert!(close(dist(h.center(), n.center()), want), "{h} {n}");
                }
            }
        }
    }

    #[test]
    fn corners_are_at_radius_one_and_shared() {
        for h in Hex::all() {
            for c in h.corners() {
                assert!(close(dist(h.center(), c), 1.0));
            }
        }
        // Orthogonal neighbours share two corners exactly (same arithmetic).
        let f14: Hex = "F14".parse().unwrap();
        let g15: Hex = "G15".parse().unwrap();
        let shared = f14
            .corners()
            .iter()
            .filter(|c| {
                g15.corners()
                    .iter()
                    .any(|d| close(c.0, d.0) && close(c.1, d.1))
            })
            .count();
        assert_eq!(shared, 2);
    }

    #[test]
    fn layout_matches_the_svg_board() {
        // svg.py: x = margin + s + 1.5 s c, y = margin + h + (28 − l) h.
        let p13: Hex = "P13".parse().unwrap();
        let z15: Hex = "Z15".parse().unwrap();
        let f0: Hex = "F0".parse().unwrap();
        let f28: Hex = "F28".parse().unwrap();
        assert_eq!(p13.center().0, -10.5);
        assert_eq!(z15.center().0, 10.5);
        assert!(close(p13.center().1, -3f64.sqrt() / 2.0));
        assert!(close(f0.center().1, -14.0 * 3f64.sqrt() / 2.0));
        assert!(close(f28.center().1, 14.0 * 3f64.sqrt() / 2.0));
        let g1: Hex = "G1".parse().unwrap();
        assert!(
            g1.center().0 > 0.0 && g1.center().1 < 0.0,
            "White's King stands right of centre, at the bottom"
        );
    }

    #[test]
    fn at_point_inverts_center() {
        for h in Hex::all() {
            let (x, y) = h.center();
            assert_eq!(Hex::at_point(x, y), Some(h));
            // Points well inside, towards each corner.
            for (cx, cy) in h.corners() {
                assert_eq!(
                    Hex::at_point(x + 0.9 * (cx - x), y + 0.9 * (cy - y)),
                    Some(h),
                    "{h}"
                );
            }
        }
        assert_eq!(Hex::at_point(0.0, 20.0), None);
        // Z13 and Z15 meet at (10, 0); their right corners are at x = 11.5.
        let z15: Hex = "Z15".parse().unwrap();
        assert_eq!(Hex::at_point(11.4, HALF_SQRT3), Some(z15));
        assert_eq!(Hex::at_point(11.6, HALF_SQRT3), None);
        assert_eq!(Hex::at_point(f64::NAN, 0.0), None);
        assert_eq!(Hex::at_point(0.0, f64::INFINITY), None);
    }
}
