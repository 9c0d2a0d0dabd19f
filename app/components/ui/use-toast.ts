import * as React from "react";

/**
 * A tiny toast store shared by the whole page. SPEC §9: one toast at a time; a dismissed toast
 * stays in memory (closed) for 1,000,000 ms before it is removed.
 */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  open: boolean;
}

type Listener = () => void;

let memory: ToastMessage[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastMessage[]) {
  memory = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(memory.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  for (const toast of memory) {
    if (!id || toast.id === id) scheduleRemoval(toast.id);
  }
  emit(memory.map((toast) => (!id || toast.id === id ? { ...toast, open: false } : toast)));
}

export function toast(message: {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  id?: string;
}) {
  const id = message.id ?? `toast-${++counter}`;
  if (memory.some((existing) => existing.id === id)) return id;
  emit([{ ...message, id, open: true }, ...memory].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const noToasts: ToastMessage[] = [];

export function useToasts() {
  return React.useSyncExternalStore(
    subscribe,
    () => memory,
    () => noToasts,
  );
}
