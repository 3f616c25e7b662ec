//! `sente play <game>`: a game against the engine in the terminal (ratatui), over the same registry the web arena
//! uses. The board is drawn from the registry's board view; moves are chosen from the legal-move list (with exact
//! values for the solved games) or typed after `:`. Keys: arrows select, Enter plays, `h` hint, `u` undo, `r` redo,
//! `e` engine move, `n` new game, `q` quit.

use crate::error::CliError;
use crate::io::{read_input, write_output};
use clap::Parser;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};
use sente_registry::{Analysis, DynGame, EngineLimits, EngineReport, GameKind, PositionView, Score};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `sente play`.
#[derive(Debug, Parser)]
#[command(after_help = "Examples:\n  sente play tictactoe                  you play X against the engine\n  \
                  sente play lgame --side second         the engine opens\n  \
                  sente play rowcol --position input.txt --save end.txt\n\n\
                  Keys: ↑/↓ select a move, Enter plays it, :MOVE Enter types one, h hint, u undo, r redo,\n\
                  e engine move, n new game, q quit.")]
pub struct Args {
    /// The game: one of the registry's names (`sente serve` lists them on its home page).
    pub game: String,
    /// Start from this position file (the same text the web page's "load a position" accepts; `-` for stdin).
    #[arg(long)]
    pub position: Option<PathBuf>,
    /// Your side: first, second, or both (no engine replies).
    #[arg(long, default_value = "first", value_parser = ["first", "second", "both"])]
    pub side: String,
    /// Engine level name (the game's levels; default: the middle one).
    #[arg(long)]
    pub level: Option<String>,
    /// Write the final position here when you quit.
    #[arg(long)]
    pub save: Option<PathBuf>,
}

/// The terminal session's state.
struct Session {
    game: Box<dyn DynGame>,
    /// Positions and the move that led to each.
    history: Vec<(PositionView, Option<String>)>,
    cursor: usize,
    selected: ListState,
    typed: Option<String>,
    message: String,
    analysis: Option<Analysis>,
    report: Option<EngineReport>,
    human: Option<usize>,
    level: EngineLimits,
    level_name: String,
}

impl Session {
    fn pos(&self) -> &PositionView {
        &self.history[self.cursor].0
    }

    fn human_turn(&self) -> bool {
        self.human.is_none_or(|h| h == self.pos().to_move.index())
    }

    fn changed(&mut self) {
        self.analysis = if self.game.info().solved { self.game.analyze(&self.pos().position).ok() } else { None };
        self.selected.select(if self.pos().moves.is_empty() { None } else { Some(0) });
    }

    fn play(&mut self, mv: &str) {
        match self.game.play(&self.pos().position, mv) {
            Ok((text, view)) => {
                self.history.truncate(self.cursor + 1);
                self.history.push((view, Some(text)));
                self.cursor += 1;
                self.message.clear();
                self.changed();
            }
            Err(e) => self.message = e.to_string(),
        }
    }

    fn engine(&mut self, hint: bool) -> Option<EngineReport> {
        let limits = if hint && self.game.info().solved { EngineLimits::perfect() } else { self.level.clone() };
        match self.game.engine(&self.pos().position, &limits) {
            Ok(r) => Some(r),
            Err(e) => {
                self.message = e.to_string();
                None
            }
        }
    }

    fn engine_move(&mut self) {
        if let Some(r) = self.engine(false) {
            let mv = r.best.clone();
            self.report = Some(r);
            self.play(&mv);
        }
    }

    fn hint(&mut self) {
        if let Some(r) = self.engine(true) {
            self.message = format!("Hint: {} ({})", r.best, r.value_text());
            let index = self.pos().moves.iter().position(|m| m.text == r.best);
            self.selected.select(index);
            self.report = Some(r);
        }
    }

    fn undo(&mut self) {
        while self.cursor > 0 {
            self.cursor -= 1;
            if self.human_turn() {
                break;
            }
        }
        self.changed();
    }

    fn redo(&mut self) {
        while self.cursor + 1 < self.history.len() {
            self.cursor += 1;
            if self.human_turn() {
                break;
            }
        }
        self.changed();
    }

    /// Lets the engine move while it is its turn at the end of the history.
    fn reply(&mut self, terminal: &mut DefaultTerminal) -> std::io::Result<()> {
        while self.pos().outcome.is_none() && !self.human_turn() && self.cursor + 1 == self.history.len() {
            self.message = "Engine is thinking…".into();
            terminal.draw(|f| self.draw(f))?;
            let before = self.cursor;
            self.engine_move();
            if self.cursor == before {
                break;
            }
        }
        Ok(())
    }

    /// Handles one key; returns false to quit.
    fn key(&mut self, code: KeyCode, modifiers: KeyModifiers) -> bool {
        if let Some(typed) = &mut self.typed {
            match code {
                KeyCode::Enter => {
                    let mv = typed.clone();
                    self.typed = None;
                    if self.human_turn() {
                        self.play(&mv);
                    } else {
                        self.message = "It is the engine's turn.".into();
                    }
                }
                KeyCode::Esc => self.typed = None,
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Char(c) => typed.push(c),
                _ => {}
            }
            return true;
        }
        let n = self.pos().moves.len();
        match code {
            KeyCode::Char('q') | KeyCode::Esc => return false,
            KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => return false,
            KeyCode::Char(':') | KeyCode::Char('/') => self.typed = Some(String::new()),
            KeyCode::Up | KeyCode::Left if n > 0 => {
                self.selected.select(Some(self.selected.selected().map_or(0, |i| (i + n - 1) % n)));
            }
            KeyCode::Down | KeyCode::Right if n > 0 => {
                self.selected.select(Some(self.selected.selected().map_or(0, |i| (i + 1) % n)));
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                if !self.human_turn() {
                    self.message = "It is the engine's turn (press e).".into();
                } else if let Some(mv) = self.selected.selected().and_then(|i| self.pos().moves.get(i)) {
                    let mv = mv.text.clone();
                    self.play(&mv);
                }
            }
            KeyCode::Char('h') => self.hint(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('e') if self.pos().outcome.is_none() => self.engine_move(),
            KeyCode::Char('n') => {
                self.history.truncate(1);
                self.cursor = 0;
                self.message = "New game.".into();
                self.changed();
            }
            _ => {}
        }
        true
    }

    fn board_lines(&self) -> Vec<Line<'static>> {
        let b = &self.pos().board;
        let last: Vec<usize> = self.history[self.cursor]
            .1
            .as_ref()
            .and_then(|_| {
                let prev = &self.history[self.cursor.checked_sub(1)?].0;
                let text = self.history[self.cursor].1.as_ref()?;
                prev.moves.iter().find(|m| &m.text == text).map(|m| m.cells.clone())
            })
            .unwrap_or_default();
        let selected: Vec<usize> =
            self.selected.selected().and_then(|i| self.pos().moves.get(i)).map(|m| m.cells.clone()).unwrap_or_default();
        let win: Vec<usize> = b.marks.iter().filter(|m| m.kind == "win").flat_map(|m| m.cells.clone()).collect();
        let width = b.cells.iter().map(|c| c.chars().count()).max().unwrap_or(1).max(1) + 1;
        let label_w = b.row_labels.iter().map(String::len).max().unwrap_or(0);
        let mut lines = Vec::new();
        for r in 0..b.rows {
            let mut spans = vec![Span::raw(format!("{:>label_w$} ", b.row_labels.get(r).map_or("", String::as_str)))];
            for c in 0..b.cols {
                let i = r * b.cols + c;
                let token = b.cells[i].as_str();
                let shown = match token {
                    "" => ".",
                    "#" => " ",
                    t => t,
                };
                let mut style = Style::default();
                if selected.contains(&i) {
                    style = style.bg(Color::Blue).fg(Color::White);
                } else if win.contains(&i) {
                    style = style.bg(Color::Green).fg(Color::Black);
                } else if last.contains(&i) {
                    style = style.bg(Color::Red).fg(Color::White);
                }
                spans.push(Span::styled(format!("{shown:>width$}"), style));
            }
            lines.push(Line::from(spans));
        }
        let cols: String = b.col_labels.iter().map(|l| format!("{l:>width$}")).collect();
        lines.push(Line::from(format!("{:label_w$} {cols}", "")));
        lines
    }

    fn draw(&mut self, f: &mut Frame) {
        let info = self.game.info();
        let [main, help] = Layout::vertical([Constraint::Min(5), Constraint::Length(3)]).areas(f.area());
        let [left, right] = Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(main);
        let [board_area, status_area] = Layout::vertical([Constraint::Min(3), Constraint::Length(7)]).areas(left);
        f.render_widget(
            Paragraph::new(self.board_lines()).block(Block::default().borders(Borders::ALL).title(info.title)),
            board_area,
        );
        let pos = self.pos();
        let mut status = vec![Line::from(match &pos.outcome {
            Some(o) => format!("Game over: {}.", o.text),
            None => format!(
                "{} to move{}",
                info.players[pos.to_move.index()],
                if self.human_turn() { " (you)" } else { " (engine)" }
            ),
        })];
        if let Some(s) = pos.scores {
            status.push(Line::from(format!("Score: {} {} · {} {}", info.players[0], s[0], info.players[1], s[1])));
        }
        if let Some(a) = &self.analysis {
            status.push(Line::from(format!("Exact value: {}", a.score)));
        }
        if let Some(r) = &self.report {
            status.push(Line::from(format!(
                "Engine: {} depth {} nodes {} · PV {}",
                r.value_text(),
                r.depth,
                r.nodes,
                r.pv.join(" ")
            )));
        }
        status.push(Line::from(Span::styled(self.message.clone(), Style::default().fg(Color::Yellow))));
        f.render_widget(
            Paragraph::new(status).wrap(Wrap { trim: true }).block(Block::default().borders(Borders::ALL)),
            status_area,
        );
        let values: Vec<(String, Option<Score>)> = match &self.analysis {
            Some(a) => a.moves.iter().map(|m| (m.mv.text.clone(), Some(m.score))).collect(),
            None => pos.moves.iter().map(|m| (m.text.clone(), None)).collect(),
        };
        let items: Vec<ListItem> = values
            .into_iter()
            .map(|(t, s)| {
                let (text, color) = match s {
                    Some(s) => (
                        format!("{t:<12} {s}"),
                        match s.verdict() {
                            "win" => Color::Green,
                            "loss" => Color::Red,
                            _ => Color::Yellow,
                        },
                    ),
                    None => (t, Color::Reset),
                };
                ListItem::new(text).style(Style::default().fg(color))
            })
            .collect();
        let title = format!("Moves ({}){}", items.len(), if self.analysis.is_some() { " · exact values" } else { "" });
        let list = List::new(items)
            .block(Block::default().borders(Borders::ALL).title(title))
            .highlight_style(Style::default().add_modifier(Modifier::REVERSED))
            .highlight_symbol("> ");
        f.render_stateful_widget(list, right, &mut self.selected);
        let keys = match &self.typed {
            Some(t) => format!("Move: {t}_   (Enter plays, Esc cancels)"),
            None => format!(
                "↑↓ select · Enter play · :move type · h hint · u undo · r redo · e engine · n new · q quit · level {}",
                self.level_name
            ),
        };
        f.render_widget(Paragraph::new(keys).block(Block::default().borders(Borders::ALL)), help);
    }
}

fn run_loop(session: &mut Session, terminal: &mut DefaultTerminal) -> std::io::Result<()> {
    loop {
        session.reply(terminal)?;
        terminal.draw(|f| session.draw(f))?;
        if let Event::Key(k) = event::read()?
            && k.kind == KeyEventKind::Press
            && !session.key(k.code, k.modifiers)
        {
            return Ok(());
        }
    }
}

/// Runs `sente play`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let kind: GameKind =
        args.game.parse().map_err(|e: sente_registry::RegistryError| CliError::Usage(e.to_string()))?;
    let game = kind.open();
    let info = game.info();
    let start = match &args.position {
        Some(path) => game.view(&read_input(path)?).map_err(|e| CliError::input(path, e))?,
        None => game.view(&game.initial()).map_err(|e| CliError::Other(e.to_string()))?,
    };
    let level = match &args.level {
        Some(name) => info.levels.iter().find(|l| l.name == name).ok_or_else(|| {
            let known: Vec<_> = info.levels.iter().map(|l| l.name).collect();
            CliError::Usage(format!("unknown level {name:?} for {}; levels: {}", info.name, known.join(", ")))
        })?,
        None => info.levels.get(info.levels.len() / 2).ok_or_else(|| CliError::Other("no engine levels".into()))?,
    };
    let human = match args.side.as_str() {
        "first" => Some(0),
        "second" => Some(1),
        _ => None,
    };
    let mut session = Session {
        game,
        history: vec![(start, None)],
        cursor: 0,
        selected: ListState::default(),
        typed: None,
        message: String::new(),
        analysis: None,
        report: None,
        human,
        level: level.limits.capped(&EngineLimits::depth_time(64, 5000)),
        level_name: level.name.to_string(),
    };
    session.changed();
    let mut terminal =
        ratatui::try_init().map_err(|e| CliError::Other(format!("sente play needs an interactive terminal: {e}")))?;
    let result = run_loop(&mut session, &mut terminal);
    ratatui::restore();
    result?;
    if let Some(path) = &args.save {
        write_output(path, &format!("{}\n", session.pos().position))?;
    }
    Ok(ExitCode::SUCCESS)
}
