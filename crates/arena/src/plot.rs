//! Charts of results as SVG files (plotters, SVG backend only): A's win rate with its 95 %
//! interval per match, or a one-player game's score histogram and achievement rates.

use std::path::Path;

use plotters::prelude::*;

use crate::error::ArenaError;
use crate::report::MatchReport;
use crate::tally::Tally;

const SIZE: (u32, u32) = (900, 520);
const BINS: u64 = 30;

fn plot_error<E: std::error::Error>(path: &Path, error: E) -> ArenaError {
    ArenaError::Results {
        file: path.display().to_string(),
        reason: format!("cannot draw the chart: {error}"),
    }
}

/// Draws A's win rate in each match as a bar with its Wilson 95 % interval, and the draw rate
/// stacked above it.
pub fn win_rates(reports: &[MatchReport], title: &str, path: &Path) -> Result<(), ArenaError> {
    let fail = |e| plot_error(path, e);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(fail)?;
    let labels: Vec<String> = reports
        .iter()
        .map(|r| format!("{} vs {}", r.a, r.b.as_deref().unwrap_or("")))
        .collect();
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((0..reports.len()).into_segmented(), 0.0..1.0)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(reports.len().max(1))
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_desc("share of games")
        .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
        .draw()
        .map_err(fail)?;
    let bar = |i: usize, low: f64, high: f64, colour: RGBColor| {
        let mut rect = Rectangle::new(
            [
                (SegmentValue::Exact(i), low),
                (SegmentValue::Exact(i + 1), high),
            ],
            colour.filled(),
        );
        rect.set_margin(0, 0, 24, 24);
        rect
    };
    chart
        .draw_series(reports.iter().enumerate().map(|(i, r)| {
            bar(
                i,
                0.0,
                r.tally.ratio(r.tally.wins_a),
                RGBColor(70, 110, 190),
            )
        }))
        .map_err(fail)?
        .label("A wins")
        .legend(|(x, y)| {
            Rectangle::new(
                [(x, y - 5), (x + 10, y + 5)],
                RGBColor(70, 110, 190).filled(),
            )
        });
    chart
        .draw_series(reports.iter().enumerate().map(|(i, r)| {
            let wins = r.tally.ratio(r.tally.wins_a);
            bar(
                i,
                wins,
                wins + r.tally.ratio(r.tally.draws),
                RGBColor(190, 190, 190),
            )
        }))
        .map_err(fail)?
        .label("draws")
        .legend(|(x, y)| {
            Rectangle::new(
                [(x, y - 5), (x + 10, y + 5)],
                RGBColor(190, 190, 190).filled(),
            )
        });
    chart
        .draw_series(reports.iter().enumerate().filter_map(|(i, r)| {
            let [low, high] = r.win_interval()?;
            let rate = r.tally.ratio(r.tally.wins_a);
            Some(ErrorBar::new_vertical(
                SegmentValue::CenterOf(i),
                low,
                rate,
                high,
                BLACK.stroke_width(2),
                14,
            ))
        }))
        .map_err(fail)?
        .label("95% interval of A's win rate")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 10, y)], BLACK.stroke_width(2)));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(fail)?;
    root.present().map_err(fail)
}

/// Draws the histogram of a one-player game's final scores and, beside it where the game has
/// achievements (2048's largest tile), the share of games reaching at least each.
pub fn score_histogram(tally: &Tally, title: &str, path: &Path) -> Result<(), ArenaError> {
    let fail = |e| plot_error(path, e);
    let (min, max) = match (tally.scores.keys().next(), tally.scores.keys().next_back()) {
        (Some(&min), Some(&max)) => (min, max),
        _ => (0, 0),
    };
    let width = ((max - min) / BINS + 1).max(1);
    let mut counts = vec![0u64; BINS as usize + 1];
    for (&score, &count) in &tally.scores {
        counts[((score - min) / width) as usize] += count;
    }
    let highest = counts.iter().copied().max().unwrap_or(0).max(1);
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(fail)?;
    let rates = tally.achievement_rates();
    let (left, right) = root.split_horizontally(if rates.is_empty() {
        SIZE.0
    } else {
        SIZE.0 * 3 / 5
    });
    let x_end = min + width * (BINS + 1);
    let mut chart = ChartBuilder::on(&left)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(min..x_end, 0..highest + highest / 10 + 1)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("final score")
        .y_desc("games")
        .draw()
        .map_err(fail)?;
    chart
        .draw_series(counts.iter().enumerate().map(|(k, &count)| {
            let low = min + width * k as u64;
            Rectangle::new(
                [(low, 0), (low + width, count)],
                RGBColor(70, 110, 190).filled(),
            )
        }))
        .map_err(fail)?;
    if !rates.is_empty() {
        achievement_bars(&right, &rates).map_err(fail)?;
    }
    root.present().map_err(fail)
}

/// The share of games reaching at least each achievement, as bars.
fn achievement_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    rates: &[(u64, f64)],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let labels: Vec<String> = rates.iter().map(|(value, _)| value.to_string()).collect();
    let mut chart = ChartBuilder::on(area)
        .caption("reached at least", ("sans-serif", 18))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((0..rates.len()).into_segmented(), 0.0..1.0)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(rates.len())
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
        .draw()?;
    chart.draw_series(rates.iter().enumerate().map(|(i, &(_, rate))| {
        let mut rect = Rectangle::new(
            [
                (SegmentValue::Exact(i), 0.0),
                (SegmentValue::Exact(i + 1), rate),
            ],
            RGBColor(200, 140, 60).filled(),
        );
        rect.set_margin(0, 0, 6, 6);
        rect
    }))?;
    Ok(())
}
