import { useEffect, useRef } from "react";

/**
 * A ref to the latest `value`, for an effect that must call the newest callback without running
 * again each time the callback changes. It is updated after each render, before the effects
 * declared after this call run.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
