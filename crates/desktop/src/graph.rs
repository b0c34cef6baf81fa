//! The evaluation graph of reversi and gomoku: the engine's value after every ply (from the
//! first player's side, above the middle line when it favours black), the plies redo would
//! replay drawn fainter, the position on the board marked. Every ply is a labelled, clickable
//! column ("Move 12: +4") that goes to that position.

use eframe::egui::{
    self, Align2, Color32, FontId, Pos2, Rect, Role, Sense, Shape, Stroke, StrokeKind, Ui, Vec2,
};
use tabula_i18n::{tr, Catalog};
use tabula_match::{EvalView, VerdictView, View};

use crate::games::hint_label;

/// Where a value sits between -1 (the second player wins) and 1 (the first player wins):
/// proven results at the edges, other values scaled by the largest one shown.
fn height(eval: &EvalView, scale: f64) -> f32 {
    match eval.verdict {
        Some(VerdictView::Win) => 1.0,
        Some(VerdictView::Loss) => -1.0,
        _ => (eval.value / scale).clamp(-1.0, 1.0) as f32,
    }
}

/// The largest value without a proven result (at least 1), so the curve fills the height.
fn scale(values: &[Option<EvalView>]) -> f64 {
    values
        .iter()
        .flatten()
        .filter(|e| e.verdict.is_none() || e.verdict == Some(VerdictView::Draw))
        .map(|e| e.value.abs())
        .fold(1.0, f64::max)
}

/// The text of a ply's value in its label.
fn value_text(eval: Option<&EvalView>) -> String {
    match eval {
        None => "…".to_string(),
        Some(e) => hint_label(e.value),
    }
}

/// Draws the graph in `rect`; returns the ply (counted from 1) clicked, if any.
pub fn show(ui: &mut Ui, rect: Rect, view: &View, cat: &Catalog) -> Option<usize> {
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    painter.rect_stroke(
        rect,
        4.0,
        visuals.widgets.noninteractive.bg_stroke,
        StrokeKind::Inside,
    );
    let plies = view.evaluations.len();
    if plies == 0 {
        return None;
    }
    let inner = rect.shrink2(Vec2::new(8.0, 10.0));
    let step = inner.width() / plies as f32;
    let mid = inner.center().y;
    let x = |i: usize| inner.left() + (i as f32 + 0.5) * step;
    let y = |h: f32| mid - h * inner.height() / 2.0;
    painter.line_segment(
        [Pos2::new(inner.left(), mid), Pos2::new(inner.right(), mid)],
        Stroke::new(1.0, visuals.weak_text_color()),
    );
    let played = view.history.len();
    if played > 0 {
        let at = x(played - 1);
        painter.line_segment(
            [Pos2::new(at, inner.top()), Pos2::new(at, inner.bottom())],
            Stroke::new(1.5, Color32::from_rgb(0xe5, 0x39, 0x35)),
        );
    }
    let scale = scale(&view.evaluations);
    let points: Vec<(usize, Pos2)> = view
        .evaluations
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            e.as_ref()
                .map(|e| (i, Pos2::new(x(i), y(height(e, scale)))))
        })
        .collect();
    let strong = visuals.strong_text_color();
    for pair in points.windows(2) {
        let ((a, pa), (_, pb)) = (pair[0], pair[1]);
        let color = if a + 1 < played {
            strong
        } else {
            strong.gamma_multiply(0.4)
        };
        painter.add(Shape::line_segment([pa, pb], Stroke::new(2.0, color)));
    }
    for &(i, p) in &points {
        let color = if i < played {
            strong
        } else {
            strong.gamma_multiply(0.4)
        };
        painter.circle_filled(p, (step * 0.25).clamp(1.5, 3.5), color);
    }
    let font = FontId::proportional(11.0);
    painter.text(
        rect.left_top() + Vec2::new(4.0, 2.0),
        Align2::LEFT_TOP,
        tr!(cat, "desktop-graph"),
        font,
        visuals.weak_text_color(),
    );
    let mut clicked = None;
    let enabled = ui.is_enabled();
    for i in 0..plies {
        let column = Rect::from_x_y_ranges(x(i) - step / 2.0..=x(i) + step / 2.0, rect.y_range());
        let response = ui.interact(column, ui.scope_id().with(("graph", i)), Sense::click());
        let label = tr!(
            cat,
            "desktop-graph-point",
            number = i + 1,
            value = value_text(view.evaluations[i].as_ref())
        );
        response.widget_info(|| egui::WidgetInfo::labeled(Role::Button, enabled, &label));
        if response.clicked() {
            clicked = Some(i + 1);
        }
        if response.hovered() {
            response.on_hover_text(label);
        }
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(value: f64, verdict: Option<VerdictView>) -> Option<EvalView> {
        Some(EvalView {
            value,
            exact: verdict.is_some(),
            verdict,
        })
    }

    #[test]
    fn proven_results_sit_on_the_edges_and_values_scale_to_the_largest() {
        let values = [
            eval(4.0, None),
            None,
            eval(-8.0, None),
            eval(9999.0, Some(VerdictView::Win)),
        ];
        let s = scale(&values);
        assert_eq!(
            s, 8.0,
            "a won position's big number does not flatten the curve"
        );
        assert_eq!(height(values[0].as_ref().unwrap(), s), 0.5);
        assert_eq!(height(values[2].as_ref().unwrap(), s), -1.0);
        assert_eq!(height(values[3].as_ref().unwrap(), s), 1.0);
        assert_eq!(
            height(&eval(-2.0, Some(VerdictView::Loss)).unwrap(), s),
            -1.0
        );
        assert_eq!(scale(&[eval(0.2, None)]), 1.0);
        assert_eq!(value_text(None), "…");
        assert_eq!(value_text(values[0].as_ref()), "+4");
    }
}
