//! The caption every chart carries: the command that made it, so a figure found later
//! says how to make it again.

/// `made by: ludomat ARGS…`, from this process's command line.
pub fn made_by() -> String {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| {
            let a = a.to_string_lossy().into_owned();
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("'{a}'")
            } else {
                a
            }
        })
        .collect();
    format!("made by: ludomat {}", args.join(" "))
}
