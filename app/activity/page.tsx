// /activity: what the signed-in wallet did, with live status while a swap is under way.
import type { Metadata } from 'next';
import { ActivityList } from '@/components/activity/ActivityList';

export const metadata: Metadata = { title: 'Activity · Swapdesk' };

export default function ActivityPage() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-xl font-semibold">Activity</h1>
      <ActivityList />
    </div>
  );
}
