// The live hubs' shared pollers (one per key, shared by its subscribers): how a subscriber leaves one.
export type SharedPoller<L> = { listeners: Set<L>; timer: ReturnType<typeof setTimeout> | undefined; stopped: boolean };

/** Takes `listener` off `poller`; the last one out stops the poller and drops it from `pollers` (if still there). */
export function leavePoller<L, P extends SharedPoller<L>>(pollers: Map<string, P>, id: string, poller: P, listener: L): void {
  poller.listeners.delete(listener);
  if (poller.listeners.size > 0 || pollers.get(id) !== poller) return;
  poller.stopped = true;
  if (poller.timer) clearTimeout(poller.timer);
  pollers.delete(id);
}
