//! Accounts, their sessions, their time zone and the failed sign-ins that
//! throttle guessing.

use super::errors::corrupt;
use super::sql::{required, Columns, Driver, Sql, Statement, Transaction};
use super::storage::{SqlStorage, SqlWork};
use app::domain::{TimeZoneName, UserId, Username};
use app::ssr::storage::{
    AccountRows, Accounts, Credentials, FailedSignIns, SessionUser, Sessions, StorageError,
};
use async_trait::async_trait;
use chrono::{DateTime, Utc};

async fn create_session(
    db: &mut impl Sql,
    token_hash: &[u8],
    user_id: UserId,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), StorageError> {
    db.execute(
        Statement::new(
            "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(user_id.as_uuid())
        .bind(now)
        .bind(expires_at),
    )
    .await?;
    Ok(())
}

/// Sets the account's password, ends every session of it and its calendar
/// link (both were handed out under the old password), and opens the
/// `renewed` session for the device that asked. Run in one transaction.
async fn change_password(
    db: &mut impl Sql,
    user_id: UserId,
    password_hash: &str,
    renewed: &[u8],
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<(), StorageError> {
    db.execute(
        Statement::new("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id.as_uuid()),
    )
    .await?;
    db.execute(Statement::new("DELETE FROM sessions WHERE user_id = $1").bind(user_id.as_uuid()))
        .await?;
    create_session(db, renewed, user_id, now, expires_at).await?;
    super::feeds::delete_feed(db, user_id).await
}

/// Deletes the account and everything in it: its sessions, tasks, lists,
/// keys and calendar link go with its row (`ON DELETE CASCADE`), and the
/// failed sign-ins counted against its name are forgotten too, so the name
/// is free at once. Run in one transaction.
async fn delete_account(
    db: &mut impl Sql,
    user_id: UserId,
    username: &Username,
) -> Result<(), StorageError> {
    db.execute(
        Statement::new("DELETE FROM failed_sign_ins WHERE username = $1").bind(username.as_str()),
    )
    .await?;
    // Tasks before lists: SQLite checks a task's list as each row goes.
    db.execute(Statement::new("DELETE FROM tasks WHERE user_id = $1").bind(user_id.as_uuid()))
        .await?;
    db.execute(Statement::new("DELETE FROM users WHERE id = $1").bind(user_id.as_uuid()))
        .await?;
    Ok(())
}

async fn time_zone(db: &mut impl Sql, user_id: UserId) -> Result<TimeZoneName, StorageError> {
    let row = db
        .fetch_one(
            Statement::new("SELECT time_zone FROM users WHERE id = $1").bind(user_id.as_uuid()),
        )
        .await?;
    let zone = required(row.text("time_zone")?, "time_zone")?;
    TimeZoneName::parse(&zone).map_err(|e| corrupt("time zone", e))
}

fn user_id(row: &impl Columns) -> Result<UserId, StorageError> {
    Ok(UserId::from_uuid(required(row.uuid("id")?, "id")?))
}

fn username_from(row: &impl Columns) -> Result<Username, StorageError> {
    let name = required(row.text("username")?, "username")?;
    Username::parse(&name).map_err(|e| corrupt("username", e))
}

#[async_trait]
impl<D: Driver> Accounts for SqlStorage<D> {
    async fn create_user(
        &self,
        id: UserId,
        username: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        let db = &mut self.driver.pool();
        db.execute(
            Statement::new(
                "INSERT INTO users (id, username, password_hash, created_at) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id.as_uuid())
            .bind(username.as_str())
            .bind(password_hash)
            .bind(now),
        )
        .await?;
        Ok(())
    }

    async fn find_credentials(
        &self,
        username: &Username,
    ) -> Result<Option<Credentials>, StorageError> {
        let db = &mut self.driver.pool();
        let row = db
            .fetch_optional(
                Statement::new("SELECT id, username, password_hash FROM users WHERE username = $1")
                    .bind(username.as_str()),
            )
            .await?;
        row.map(|row| {
            Ok(Credentials {
                user_id: user_id(&row)?,
                username: username_from(&row)?,
                password_hash: required(row.text("password_hash")?, "password_hash")?,
            })
        })
        .transpose()
    }

    async fn change_password(
        &self,
        user_id: UserId,
        password_hash: &str,
        renewed: &[u8],
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        let mut tx = self.driver.begin().await?;
        change_password(&mut tx, user_id, password_hash, renewed, now, expires_at).await?;
        tx.commit().await
    }

    async fn delete_account(
        &self,
        user_id: UserId,
        username: &Username,
    ) -> Result<(), StorageError> {
        let mut tx = self.driver.begin().await?;
        delete_account(&mut tx, user_id, username).await?;
        tx.commit().await
    }

    async fn time_zone(&self, user_id: UserId) -> Result<TimeZoneName, StorageError> {
        time_zone(&mut self.driver.pool(), user_id).await
    }
}

#[async_trait]
impl<D: Driver> Sessions for SqlStorage<D> {
    async fn create_session(
        &self,
        token_hash: &[u8],
        user_id: UserId,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        create_session(
            &mut self.driver.pool(),
            token_hash,
            user_id,
            now,
            expires_at,
        )
        .await
    }

    async fn find_session(
        &self,
        token_hash: &[u8],
        now: DateTime<Utc>,
    ) -> Result<Option<SessionUser>, StorageError> {
        let db = &mut self.driver.pool();
        let row = db
            .fetch_optional(
                Statement::new(
                    "SELECT users.id, users.username FROM sessions \
                 JOIN users ON users.id = sessions.user_id \
                 WHERE sessions.token_hash = $1 AND sessions.expires_at > $2",
                )
                .bind(token_hash)
                .bind(now),
            )
            .await?;
        row.map(|row| {
            Ok(SessionUser {
                user_id: user_id(&row)?,
                username: username_from(&row)?,
            })
        })
        .transpose()
    }

    async fn delete_session(&self, token_hash: &[u8]) -> Result<(), StorageError> {
        let db = &mut self.driver.pool();
        db.execute(Statement::new("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash))
            .await?;
        Ok(())
    }

    async fn delete_expired_sessions(&self, now: DateTime<Utc>) -> Result<u64, StorageError> {
        let db = &mut self.driver.pool();
        db.execute(Statement::new("DELETE FROM sessions WHERE expires_at <= $1").bind(now))
            .await
    }
}

#[async_trait]
impl<D: Driver> FailedSignIns for SqlStorage<D> {
    async fn record_failed_sign_in(
        &self,
        username: &Username,
        client: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StorageError> {
        let db = &mut self.driver.pool();
        db.execute(
            Statement::new(
                "INSERT INTO failed_sign_ins (username, client, attempted_at) VALUES ($1, $2, $3)",
            )
            .bind(username.as_str())
            .bind(client)
            .bind(at),
        )
        .await?;
        Ok(())
    }

    async fn count_failed_sign_ins(
        &self,
        username: &Username,
        client: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        // From `client`, or from anywhere (`None`).
        let db = &mut self.driver.pool();
        let statement = match client {
            Some(client) => Statement::new(
                "SELECT COUNT(*) AS failures FROM failed_sign_ins \
             WHERE username = $1 AND attempted_at > $2 AND client = $3",
            )
            .bind(username.as_str())
            .bind(since)
            .bind(client),
            None => Statement::new(
                "SELECT COUNT(*) AS failures FROM failed_sign_ins \
             WHERE username = $1 AND attempted_at > $2",
            )
            .bind(username.as_str())
            .bind(since),
        };
        let row = db.fetch_one(statement).await?;
        let failures = required(row.int("failures")?, "failures")?;
        Ok(u64::try_from(failures).unwrap_or_default())
    }

    async fn clear_failed_sign_ins(
        &self,
        username: &Username,
        client: &str,
    ) -> Result<(), StorageError> {
        let db = &mut self.driver.pool();
        db.execute(
            Statement::new("DELETE FROM failed_sign_ins WHERE username = $1 AND client = $2")
                .bind(username.as_str())
                .bind(client),
        )
        .await?;
        Ok(())
    }

    async fn delete_failed_sign_ins_before(
        &self,
        before: DateTime<Utc>,
    ) -> Result<u64, StorageError> {
        let db = &mut self.driver.pool();
        db.execute(
            Statement::new("DELETE FROM failed_sign_ins WHERE attempted_at <= $1").bind(before),
        )
        .await
    }
}

#[async_trait]
impl<D: Driver> AccountRows for SqlWork<D> {
    async fn time_zone(&mut self, user_id: UserId) -> Result<TimeZoneName, StorageError> {
        time_zone(&mut self.tx, user_id).await
    }

    async fn set_time_zone(
        &mut self,
        user_id: UserId,
        zone: &TimeZoneName,
    ) -> Result<(), StorageError> {
        let db = &mut self.tx;
        db.execute(
            Statement::new("UPDATE users SET time_zone = $1 WHERE id = $2")
                .bind(zone.as_str())
                .bind(user_id.as_uuid()),
        )
        .await?;
        Ok(())
    }
}
