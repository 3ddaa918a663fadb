//! `shatar admin …`: account administration on the server's database.

use anyhow::{Context, bail};
use clap::Subcommand;
use shatar_server::db::users::AccountRole;
use std::io::BufRead;
use std::path::PathBuf;

/// `shatar admin` subcommands.
#[derive(Subcommand)]
pub enum AdminCommand {
    /// Create an account with a role (admin by default), or with `--update` change an
    /// existing account's password and role. The password is read from the first line of
    /// standard input, or from `SHATAR_ADMIN_PASSWORD`; never from a flag.
    CreateUser {
        /// The account name: 2–30 letters of one script, digits, `_` or `-` (the sign-up
        /// rules, look-alikes of existing names refused).
        #[arg(long)]
        username: String,
        /// player, arbiter, organiser or admin.
        #[arg(long, default_value = "admin")]
        role: String,
        /// Change the password and role of an existing account (and sign it out everywhere).
        #[arg(long)]
        update: bool,
        /// Database URL, as for `shatar serve`.
        #[arg(long, env = "SHATAR_DATABASE_URL")]
        database_url: Option<String>,
        /// Data directory, as for `shatar serve`.
        #[arg(long, env = "SHATAR_DATA_DIR", default_value = "shatar-data")]
        data_dir: PathBuf,
    },
    /// Make a personal API token for an account; the token is printed on the last line
    /// (shown once: only its hash is stored). Use it as `Authorization: Bearer TOKEN`.
    CreateToken {
        /// The account.
        #[arg(long)]
        username: String,
        /// What the token is for (shown in the account's token list).
        #[arg(long, default_value = "command line")]
        label: String,
        /// Database URL, as for `shatar serve`.
        #[arg(long, env = "SHATAR_DATABASE_URL")]
        database_url: Option<String>,
        /// Data directory, as for `shatar serve`.
        #[arg(long, env = "SHATAR_DATA_DIR", default_value = "shatar-data")]
        data_dir: PathBuf,
    },
    /// List the accounts whose names break today's name rules (invisible or mixed-script
    /// characters, look-alikes of an older account's name). Nothing is renamed; exits 1 when
    /// any is found.
    CheckNames {
        /// Database URL, as for `shatar serve`.
        #[arg(long, env = "SHATAR_DATABASE_URL")]
        database_url: Option<String>,
        /// Data directory, as for `shatar serve`.
        #[arg(long, env = "SHATAR_DATA_DIR", default_value = "shatar-data")]
        data_dir: PathBuf,
    },
}

fn server_config(database_url: Option<String>, data_dir: PathBuf) -> shatar_server::Config {
    let mut config =
        shatar_server::Config::new(std::net::SocketAddr::from(([127, 0, 0, 1], 8080)), data_dir);
    config.database_url = database_url;
    config
}

fn read_password() -> anyhow::Result<String> {
    if let Ok(pw) = std::env::var("SHATAR_ADMIN_PASSWORD") {
        return Ok(pw);
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("reading the password from standard input")?;
    let pw = line.trim_end_matches(['\r', '\n']).to_owned();
    if pw.is_empty() {
        bail!("no password: give it on standard input or in SHATAR_ADMIN_PASSWORD");
    }
    Ok(pw)
}

/// Runs a `shatar admin` subcommand.
pub fn run(cmd: AdminCommand) -> anyhow::Result<()> {
    match cmd {
        AdminCommand::CreateUser {
            username,
            role,
            update,
            database_url,
            data_dir,
        } => {
            let role: AccountRole = role.parse()?;
            let config = server_config(database_url, data_dir);
            let password = read_password()?;
            let user = shatar_server::admin::create_user_blocking(
                &config, &username, &password, role, update,
            )?;
            println!(
                "{} {} (id {})",
                if update { "updated" } else { "created" },
                user.username,
                user.id
            );
            println!("role: {}", user.role);
            Ok(())
        }
        AdminCommand::CreateToken {
            username,
            label,
            database_url,
            data_dir,
        } => {
            let config = server_config(database_url, data_dir);
            let token = shatar_server::admin::blocking(shatar_server::admin::create_token(
                &config, &username, &label,
            ))?;
            println!("API token for {username} ({label}); it is shown only now:");
            println!("{token}");
            Ok(())
        }
        AdminCommand::CheckNames {
            database_url,
            data_dir,
        } => {
            let config = server_config(database_url, data_dir);
            let report =
                shatar_server::admin::blocking(shatar_server::admin::check_names(&config))?;
            for p in &report {
                println!("{} (id {}): {}", p.username, p.id, p.problems.join("; "));
            }
            println!("{} account(s) with a name to review", report.len());
            if !report.is_empty() {
                std::process::exit(1);
            }
            Ok(())
        }
    }
}
