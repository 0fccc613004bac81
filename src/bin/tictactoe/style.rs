//! Colour for the terminal: only when output is a terminal, and never when NO_COLOR is set.

use std::io::IsTerminal;

use magic_tictactoe::Player;

#[derive(Debug, Clone, Copy)]
pub(crate) struct Style {
    colour: bool,
}

impl Style {
    /// Colour when standard output is a terminal and `NO_COLOR` is unset or empty.
    pub(crate) fn for_stdout() -> Style {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Style {
            colour: !no_colour && std::io::stdout().is_terminal(),
        }
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    pub(crate) fn mark(self, player: Player) -> String {
        let code = match player {
            Player::X => "1;31",
            Player::O => "1;34",
        };
        self.paint(code, &player.to_string())
    }

    pub(crate) fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    pub(crate) fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }
}
