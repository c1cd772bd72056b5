//! The title screen: the menu and its pages, and the backdrop the window shows behind them.

pub mod keys;
pub mod launch;
pub mod menu;
pub mod screen;
