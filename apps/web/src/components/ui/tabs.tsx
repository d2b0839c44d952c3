import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

type Tab<Id extends string> = { id: Id; label: string };

function scrollToTab(tab: HTMLElement): void {
  tab.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * A tab strip and its panel (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs,
 * only the selected tab is in the tab order, and the panel is labelled by its tab.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}) {
  const prefix = useId();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const scroller = useRef<HTMLDivElement>(null);
  const tabId = (id: Id) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;

  // On a narrow screen the strip scrolls sideways: keep the selected tab in view. Only a change of
  // tab scrolls (React runs this effect again when it shows a subtree it had hidden). When the strip
  // first shows, a scroll would force a layout of the whole page in the middle of its first renders
  // (about 40 ms of the trades page, whose Active tab is the second, docs/decisions/056): an
  // observer reads, with the next frame's layout, whether the tab is out of view, and only then
  // scrolls to it. The first tab is in view from the start.
  const scrolledTo = useRef<Id | null>(null);
  useEffect(() => {
    if (scrolledTo.current === selected) return;
    const tab = refs.current.get(selected);
    const first = scrolledTo.current === null;
    scrolledTo.current = selected;
    if (!tab) return;
    if (!first) return scrollToTab(tab);
    if (!tab.previousElementSibling) return;
    if (typeof IntersectionObserver === 'undefined') return scrollToTab(tab);
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        if (entry && entry.intersectionRatio < 1) scrollToTab(tab);
      },
      { root: scroller.current, threshold: 1 },
    );
    observer.observe(tab);
    return () => observer.disconnect();
  }, [selected]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const next = target === null ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div>
      <div ref={scroller} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <div
          role="tablist"
          aria-label={label}
          onKeyDown={moveFocus}
          className="flex min-w-max gap-1 border-b border-slate-200"
        >
          {tabs.map((tab) => {
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(node) => {
                  if (node) refs.current.set(tab.id, node);
                  else refs.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                aria-selected={active}
                aria-controls={active ? panelId : undefined}
                tabIndex={active ? 0 : -1}
                onClick={() => onSelect(tab.id)}
                className={`-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  active
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="pt-6">
        {children}
      </div>
    </div>
  );
}
