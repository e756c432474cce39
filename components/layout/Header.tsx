import Link from 'next/link';
import { AccountMenu } from '@/components/wallet/AccountMenu';
import { BlockNumber } from '@/components/wallet/BlockNumber';

const NAV = [['/', 'Swap'], ['/markets', 'Markets'], ['/activity', 'Activity'], ['/docs', 'API']] as const;

export function Header() {
  return (
    <header className="border-b border-[var(--border)] bg-[var(--panel)]">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap sm:gap-6">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Swapdesk
        </Link>
        <nav aria-label="Main" className="order-last flex w-full gap-4 text-sm sm:order-none sm:w-auto">
          {NAV.map(([href, label]) => (
            <Link key={href} href={href} className="hover:text-[var(--accent)]">
              {label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto hidden text-xs text-[var(--muted)] md:block">
          <BlockNumber />
        </div>
        <div className="ml-auto md:ml-0">
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
