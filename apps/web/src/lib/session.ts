// The browser session (part 1 §3): token, role, name, LEVEL (as text) and email in localStorage.
// Components read it through useSession, which re-renders them when it changes (also from another tab).
import { isRole, type AuthContent, type Role } from '@qist/domain';
import { useSyncExternalStore } from 'react';
import { LANGUAGE_STORAGE_KEY, SESSION_STORAGE_KEYS as KEYS } from '@/config/storage-keys';

export type Session = {
  token: string | null;
  role: Role | null;
  name: string | null;
  email: string | null;
  /** The verification level of an SME or supplier; null for other roles or when unknown. */
  level: number | null;
  /** The role needs two-step sign-in and the account has not set it up: only the set-up is open. */
  mfaSetupRequired: boolean;
};

const listeners = new Set<() => void>();
let snapshot: Session | null = null;
let snapshotRaw = '';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the session then lives only as long as nothing reads it back
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function parseLevel(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const level = Number(raw);
  return Number.isInteger(level) ? level : null;
}

/** The current session; the same object until a session key changes (as useSyncExternalStore needs). */
export function getSession(): Session {
  const raw = [KEYS.token, KEYS.role, KEYS.name, KEYS.email, KEYS.level, KEYS.mfaSetupRequired].map(read);
  const joined = JSON.stringify(raw);
  if (snapshot && joined === snapshotRaw) return snapshot;
  const [token, role, name, email, level, mfaSetupRequired] = raw;
  snapshotRaw = joined;
  snapshot = {
    token: token || null,
    role: isRole(role) ? role : null,
    name: name ?? null,
    email: email ?? null,
    level: parseLevel(level ?? null),
    mfaSetupRequired: mfaSetupRequired === 'true',
  };
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

/** Stores what sign-in and sign-up return. */
export function saveSession(content: AuthContent): void {
  write(KEYS.token, content.token);
  write(KEYS.role, content['user-role']);
  write(KEYS.name, content.user.name);
  write(KEYS.email, content.user.auth_id.email);
  write(KEYS.level, content.user.level === null ? null : String(content.user.level));
  write(KEYS.mfaSetupRequired, null);
  notify();
}

/** Records whether the signed-in account must set up two-step sign-in before anything else. */
export function setMfaSetupRequired(required: boolean): void {
  write(KEYS.mfaSetupRequired, required ? 'true' : null);
  notify();
}

/** Refreshes the stored profile facts (from GET /auth/me) without touching the token. */
export function updateSession(update: { role: Role; name: string; email: string; level: number | null }): void {
  write(KEYS.role, update.role);
  write(KEYS.name, update.name);
  write(KEYS.email, update.email);
  write(KEYS.level, update.level === null ? null : String(update.level));
  notify();
}

/** Forgets the session: every localStorage entry except the language preference. */
export function clearSession(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key !== null && key !== LANGUAGE_STORAGE_KEY) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to clear
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(KEYS).includes(event.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
