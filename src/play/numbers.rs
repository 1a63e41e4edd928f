//! Numbers as cutechess-cli prints them (through Qt): fixed decimals
//! rounded half away from zero, `%g`-like significant digits, and the words
//! for non-finite values, so that `kyodai match` prints its statistics
//! character for character as cutechess-cli does.

/// `inf`, `-inf` or `nan` for a non-finite value: the words Qt, and so
/// cutechess-cli, prints for them.
fn non_finite_text(value: f64) -> Option<String> {
    if value.is_nan() {
        Some("nan".to_string())
    } else if value.is_infinite() {
        Some(if value > 0.0 { "inf" } else { "-inf" }.to_string())
    } else {
        None
    }
}

/// Puts a minus sign before `digits` when `value` is below zero. Like Qt, a
/// negative zero gets no sign, but a small negative number that rounds to
/// zero does (-0.04 prints as "-0.0").
fn with_sign(value: f64, digits: String) -> String {
    if value < 0.0 {
        format!("-{digits}")
    } else {
        digits
    }
}

/// Formats `value` with `decimals` decimals as Qt's `QString::arg(value, 0,
/// 'f', decimals)` does, which is what cutechess-cli prints with.
///
/// Rust rounds an exact half to even ("6.2" for 6.25) but Qt rounds it away
/// from zero ("6.3"); such halves occur in practice, e.g. a draw ratio of
/// 1/16 = 6.25%.
pub(super) fn format_fixed(value: f64, decimals: usize) -> String {
    if let Some(text) = non_finite_text(value) {
        return text;
    }
    let magnitude = round_half_away(value.abs(), decimals_as_i32(decimals));
    with_sign(value, format!("{magnitude:.decimals$}"))
}

/// Formats `value` with `significant` significant digits as Qt's
/// `QString::arg(value, 0, 'g', significant)` does: the C `%g` rules
/// (exponent form when the decimal exponent is below −4 or not below
/// `significant`), trailing zeros dropped, and an exponent with a sign and at
/// least two digits ("1.23e+03", "1.23e-05").
pub(super) fn format_significant(value: f64, significant: usize) -> String {
    if let Some(text) = non_finite_text(value) {
        return text;
    }
    if value == 0.0 {
        return "0".to_string();
    }
    // As in C, zero significant digits means one.
    let significant = significant.max(1);
    let digits = decimals_as_i32(significant);
    // Rust's and Qt's rounding differ only on exact halves, and a half that
    // rounds up to the next power of ten ends in 9, which both round up; so
    // the exponent taken from Rust's rounding is the one Qt uses.
    let (_, exponent) = scientific(value.abs(), significant);
    let magnitude = round_half_away(value.abs(), digits - 1 - exponent);
    let text = if (-4..digits).contains(&exponent) {
        let decimals = usize::try_from(digits - 1 - exponent).unwrap_or(0);
        drop_trailing_zeros(format!("{magnitude:.decimals$}"))
    } else {
        let (mantissa, exponent) = scientific(magnitude, significant);
        let sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{}e{sign}{:02}",
            drop_trailing_zeros(mantissa),
            exponent.unsigned_abs()
        )
    };
    with_sign(value, text)
}

/// Rust's scientific notation of `magnitude` with `significant` digits,
/// split into mantissa text and decimal exponent.
fn scientific(magnitude: f64, significant: usize) -> (String, i32) {
    let precision = significant.saturating_sub(1);
    let text = format!("{magnitude:.precision$e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) => (mantissa.to_string(), exponent.parse().unwrap_or(0)),
        None => (text, 0),
    }
}

/// "2.50" → "2.5", "2.00" → "2"; text without a decimal point is kept.
fn drop_trailing_zeros(text: String) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A decimal count as i32 (the formats here use at most a handful).
fn decimals_as_i32(decimals: usize) -> i32 {
    i32::try_from(decimals).unwrap_or(i32::MAX)
}

/// Prepares a positive `magnitude` for Rust's round-half-to-even formatting
/// at `decimals` decimals (negative: tens, hundreds, …) so that the result is
/// rounded half away from zero, as Qt does.
///
/// Only an exact half is affected: it is moved up by one ulp, far too little
/// to reach any other rounding boundary. A double is an exact half at
/// `decimals` ≥ 0 exactly when magnitude · 2^(decimals+1) is an odd integer
/// (the 5^decimals of the decimal unit must divide the numerator), and at
/// `decimals` = −k < 0 exactly when magnitude is an odd multiple of 10^k / 2.
fn round_half_away(magnitude: f64, decimals: i32) -> f64 {
    let is_half = if decimals >= 0 {
        let scaled = magnitude * 2f64.powi(decimals.saturating_add(1));
        scaled.fract() == 0.0 && scaled % 2.0 == 1.0
    } else {
        // 10^k is exact in f64 only up to k = 22; no printed value comes near.
        let k = decimals.saturating_neg();
        k <= 22 && {
            let half_unit = 10f64.powi(k) / 2.0;
            magnitude % half_unit == 0.0 && (magnitude / half_unit) % 2.0 == 1.0
        }
    };
    if is_half {
        magnitude.next_up()
    } else {
        magnitude
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_format_rounds_and_signs_like_qt() {
        // Qt's own test data: halves round away from zero.
        assert_eq!(format_fixed(10.5, 0), "11");
        assert_eq!(format_fixed(16.5, 0), "17");
        assert_eq!(format_fixed(12.05, 1), "12.1");
        assert_eq!(format_fixed(-0.1234, 5), "-0.12340");
        assert_eq!(format_fixed(6.25, 1), "6.3");
        assert_eq!(format_fixed(-6.25, 1), "-6.3");
        assert_eq!(format_fixed(0.125, 2), "0.13");
        // Not exact halves: ordinary rounding of the stored value.
        assert_eq!(format_fixed(2.675, 2), "2.67");
        assert_eq!(format_fixed(6.26, 1), "6.3");
        assert_eq!(format_fixed(6.24, 1), "6.2");
        assert_eq!(format_fixed(-0.0, 1), "0.0");
        assert_eq!(format_fixed(-0.04, 1), "-0.0");
        assert_eq!(format_fixed(f64::INFINITY, 1), "inf");
        assert_eq!(format_fixed(f64::NEG_INFINITY, 0), "-inf");
        assert_eq!(format_fixed(f64::NAN, 1), "nan");
    }

    #[test]
    fn significant_format_follows_percent_g_like_qt() {
        assert_eq!(format_significant(2.523_585, 3), "2.52");
        assert_eq!(format_significant(-2.944_438_979, 3), "-2.94");
        assert_eq!(format_significant(2.5, 3), "2.5");
        assert_eq!(format_significant(2.0, 3), "2");
        assert_eq!(format_significant(100.0, 3), "100");
        assert_eq!(format_significant(0.0, 3), "0");
        assert_eq!(format_significant(-0.0, 3), "0");
        assert_eq!(format_significant(0.0001, 3), "0.0001");
        assert_eq!(format_significant(0.000_012_345_6, 3), "1.23e-05");
        assert_eq!(format_significant(1234.0, 3), "1.23e+03");
        assert_eq!(format_significant(999.5, 3), "1e+03");
        assert_eq!(format_significant(-4.0e120, 3), "-4e+120");
        // Exact halves round away from zero, as in Qt ("%.3g" in C gives
        // 1.24e+03 and 1.12).
        assert_eq!(format_significant(1245.0, 3), "1.25e+03");
        assert_eq!(format_significant(1.125, 3), "1.13");
        assert_eq!(format_significant(f64::NEG_INFINITY, 3), "-inf");
        assert_eq!(format_significant(f64::NAN, 3), "nan");
    }
}
