//! The `hollowdeep` binary: parses the command line and hands over to the app.

fn main() {
    std::process::exit(hollowdeep::app::main());
}
