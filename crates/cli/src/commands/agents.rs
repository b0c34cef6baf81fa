//! `tabula agents`: the computer players of each game with one-line descriptions.

use tabula_core::AgentCatalog;

use crate::cli::AgentsArgs;
use crate::error::Result;
use crate::games::{with_game, GameKind};

/// Runs `tabula agents`.
pub fn run(args: &AgentsArgs) -> Result<()> {
    let kinds = match &args.game {
        Some(name) => vec![GameKind::parse(name)?],
        None => GameKind::ALL.to_vec(),
    };
    for (i, kind) in kinds.into_iter().enumerate() {
        if i > 0 {
            println!();
        }
        with_game!(kind, G => list::<G>());
    }
    println!("\nAgents are named by spec strings NAME[:key=value,...], or NAME:ARGUMENT[,key=value,...] for those listed with an argument (pbrain:PATH; a comma in it is written twice); common keys: time (ms per move), depth (plies), level (1-10), seed; each key takes the range shown (min..max).");
    Ok(())
}

fn list<G: AgentCatalog>() {
    println!("{}:", G::NAME);
    for entry in G::agents() {
        let mut keys: Vec<String> = entry.keys.iter().map(ToString::to_string).collect();
        keys.push("seed".to_string());
        let name = match entry.argument {
            Some(argument) => format!("{}:{argument}", entry.name),
            None => entry.name.to_string(),
        };
        println!("  {name:<18} {} [keys: {}]", entry.summary, keys.join(", "));
    }
}
