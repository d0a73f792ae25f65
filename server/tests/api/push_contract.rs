//! Push subscriptions as each backend keeps them: one row per device's
//! endpoint, scoped to its account, moved when the phone signs in to
//! another account, gone with the account — on SQLite and PostgreSQL.

use crate::support::{Backend, TestDatabase};
use app::domain::{UserId, Username};
use app::i18n::Locale;
use app::ssr::push_subscription::PushSubscription;
use app::ssr::storage::Storage;
use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

on_both_backends!(
    a_devices_subscription_is_kept_with_its_keys_and_listed_oldest_first,
    a_device_subscribing_again_keeps_one_row_with_its_new_keys,
    a_shared_phone_signed_in_to_another_account_reminds_only_that_account,
    forgetting_a_subscription_touches_no_other_accounts_device,
    a_deleted_account_takes_its_subscriptions,
);

struct Accounts {
    storage: Arc<dyn Storage>,
    masha: UserId,
    petya: UserId,
    now: DateTime<Utc>,
    _database: TestDatabase,
}

async fn accounts(backend: Backend) -> Accounts {
    let database = TestDatabase::new(backend).await;
    let storage = server::db::connect(&database.url).await.expect("connect");
    let now = app::domain::to_millis(Utc::now());
    let mut ids = Vec::new();
    for name in ["masha", "petya"] {
        let id = UserId::new();
        storage
            .create_user(id, &Username::parse(name).unwrap(), "-", now)
            .await
            .unwrap();
        ids.push(id);
    }
    Accounts {
        storage,
        masha: ids[0],
        petya: ids[1],
        now,
        _database: database,
    }
}

/// A device's subscription: `endpoint` on FCM, keys made from `seed`.
fn device(endpoint: &str, seed: u8) -> PushSubscription {
    let mut key = vec![4_u8];
    key.extend([seed; 64]);
    PushSubscription::from_stored(
        format!("https://fcm.googleapis.com/fcm/send/{endpoint}"),
        key,
        vec![seed; 16],
    )
}

async fn devices_of(a: &Accounts, user: UserId) -> Vec<PushSubscription> {
    a.storage.push_subscriptions(user).await.unwrap()
}

async fn a_devices_subscription_is_kept_with_its_keys_and_listed_oldest_first(backend: Backend) {
    let a = accounts(backend).await;
    let (phone, tablet) = (device("phone", 1), device("tablet", 2));
    a.storage
        .save_push_subscription(
            a.masha,
            &tablet,
            Locale::ru,
            None,
            a.now + Duration::minutes(1),
        )
        .await
        .unwrap();
    a.storage
        .save_push_subscription(a.masha, &phone, Locale::ru, None, a.now)
        .await
        .unwrap();
    assert_eq!(devices_of(&a, a.masha).await, [phone, tablet]);
    assert!(devices_of(&a, a.petya).await.is_empty());
}

async fn a_device_subscribing_again_keeps_one_row_with_its_new_keys(backend: Backend) {
    let a = accounts(backend).await;
    a.storage
        .save_push_subscription(a.masha, &device("phone", 1), Locale::ru, None, a.now)
        .await
        .unwrap();
    let renewed = device("phone", 9);
    a.storage
        .save_push_subscription(a.masha, &renewed, Locale::ru, None, a.now)
        .await
        .unwrap();
    assert_eq!(devices_of(&a, a.masha).await, [renewed]);
}

async fn a_shared_phone_signed_in_to_another_account_reminds_only_that_account(backend: Backend) {
    let a = accounts(backend).await;
    let phone = device("class-phone", 1);
    a.storage
        .save_push_subscription(a.masha, &phone, Locale::ru, None, a.now)
        .await
        .unwrap();
    a.storage
        .save_push_subscription(a.petya, &phone, Locale::ru, None, a.now)
        .await
        .unwrap();
    assert!(devices_of(&a, a.masha).await.is_empty());
    assert_eq!(devices_of(&a, a.petya).await, [phone]);
}

async fn forgetting_a_subscription_touches_no_other_accounts_device(backend: Backend) {
    let a = accounts(backend).await;
    let (mashas, petyas) = (device("mashas-phone", 1), device("petyas-phone", 2));
    a.storage
        .save_push_subscription(a.masha, &mashas, Locale::ru, None, a.now)
        .await
        .unwrap();
    a.storage
        .save_push_subscription(a.petya, &petyas, Locale::ru, None, a.now)
        .await
        .unwrap();
    // Masha names Petya's endpoint: nothing of his goes.
    a.storage
        .delete_push_subscription(a.masha, petyas.endpoint())
        .await
        .unwrap();
    assert_eq!(devices_of(&a, a.petya).await, [petyas]);
    a.storage
        .delete_push_subscription(a.masha, mashas.endpoint())
        .await
        .unwrap();
    assert!(devices_of(&a, a.masha).await.is_empty());
    // Forgetting what is already gone is nothing to do.
    a.storage
        .delete_push_subscription(a.masha, mashas.endpoint())
        .await
        .unwrap();
}

async fn a_deleted_account_takes_its_subscriptions(backend: Backend) {
    let a = accounts(backend).await;
    let phone = device("phone", 1);
    a.storage
        .save_push_subscription(a.masha, &phone, Locale::ru, None, a.now)
        .await
        .unwrap();
    a.storage
        .delete_account(a.masha, &Username::parse("masha").unwrap())
        .await
        .unwrap();
    assert!(devices_of(&a, a.masha).await.is_empty());
    // The endpoint is free: the same phone can subscribe for Petya.
    a.storage
        .save_push_subscription(a.petya, &phone, Locale::ru, None, a.now)
        .await
        .unwrap();
    assert_eq!(devices_of(&a, a.petya).await, [phone]);
}
