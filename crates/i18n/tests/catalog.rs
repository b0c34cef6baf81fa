//! Both catalogs parse cleanly, hold the same keys, and use the same placeholders in each
//! message; every status key of the match controller is there.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;
use tabula_i18n::{Catalog, Lang};

/// Each message's key with the names of the variables it uses.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(lang.source())
        .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", lang.code()));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(message) = entry {
            let mut vars = BTreeSet::new();
            if let Some(pattern) = &message.value {
                variables(pattern, &mut vars);
            }
            let key = message.id.name.to_string();
            assert!(
                out.insert(key.clone(), vars).is_none(),
                "{key} is defined twice in {}",
                lang.code()
            );
        }
    }
    out
}

fn variables(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, vars);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, vars),
        Expression::Select { selector, variants } => {
            inline_variables(selector, vars);
            for variant in variants {
                variables(&variant.value, vars);
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, vars),
        _ => {}
    }
}

#[test]
fn both_languages_have_the_same_keys_and_placeholders() {
    let en = messages(Lang::En);
    let zh = messages(Lang::ZhCn);
    let en_keys: BTreeSet<_> = en.keys().collect();
    let zh_keys: BTreeSet<_> = zh.keys().collect();
    assert_eq!(
        en_keys.difference(&zh_keys).collect::<Vec<_>>(),
        Vec::<&&String>::new(),
        "keys missing in zh-CN"
    );
    assert_eq!(
        zh_keys.difference(&en_keys).collect::<Vec<_>>(),
        Vec::<&&String>::new(),
        "keys missing in en"
    );
    for (key, vars) in &en {
        assert_eq!(
            vars, &zh[key],
            "placeholders of {key} differ between en and zh-CN"
        );
    }
    assert!(en.len() >= 20, "the catalog has {} messages", en.len());
}

#[test]
fn every_message_formats_in_both_languages() {
    for lang in Lang::ALL {
        let catalog = Catalog::new(lang);
        for (key, vars) in messages(lang) {
            let args: Vec<(&str, tabula_i18n::Arg)> =
                vars.iter().map(|v| (v.as_str(), 2.into())).collect();
            let text = catalog.format(&key, &args);
            assert!(!text.is_empty() && text != key, "{key} in {}", lang.code());
            assert!(
                !text.contains('{'),
                "{key} in {} left a placeholder: {text}",
                lang.code()
            );
        }
    }
}

#[test]
fn chinese_text_is_chinese() {
    let zh = Catalog::new(Lang::ZhCn);
    assert_eq!(zh.text("game-gomoku"), "五子棋");
    assert_eq!(
        zh.format("status-to-move", &[("player", "黑方".into())]),
        "轮到黑方"
    );
}
