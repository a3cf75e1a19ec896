// The dashboard's "Views" menu (docs/search.md, "Saved views"): the built-in views, the reader's
// own and their organisation's shared ones, each with its count, the one on screen checked.
// Choosing one opens the list at its URL; "Save view…" names the list's state as it is now.
import {
  isViewShown,
  SAVED_VIEW_COUNT_CAP,
  viewSearch,
  type ListedSavedView,
  type SavedViewList,
} from '@callboard/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import {
  IconBookmark,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconRefresh,
} from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from '../../../lib/format.ts';
import { useSavedViews } from '../api/list-saved-views.ts';
import { browserTimeZone } from '../hooks/use-call-list-filters.ts';
import { ManageViewsDialog } from './manage-views-dialog.tsx';
import { SaveViewDialog } from './save-view-dialog.tsx';

/** "12", or "1,000+" where the count stopped at the cap. */
export function viewCountLabel(count: number | null, cap = SAVED_VIEW_COUNT_CAP): string {
  if (count === null) return '–';
  return count >= cap ? `${formatCount(cap)}+` : formatCount(count);
}

/** The list URL's state as a view keeps it: everything but the page. */
export function currentViewSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('page');
  return kept.toString();
}

interface MenuView {
  id: string;
  name: string;
  query: string;
  columns: readonly string[] | null;
  count: number | null;
}

/** The view the list is showing, if any: a saved one before a built-in one of the same state. */
function activeViewId(search: string, list: SavedViewList | undefined): string | null {
  if (!list) return null;
  const views: MenuView[] = [
    ...list.views,
    ...list.defaults.map((view) => ({ ...view, columns: null })),
  ];
  return views.find((view) => isViewShown(search, view))?.id ?? null;
}

function ViewItems({ views, cap }: { views: readonly MenuView[]; cap: number }) {
  return views.map((view) => (
    <DropdownMenuRadioItem key={view.id} value={view.id}>
      <span className="min-w-0 flex-1 truncate">{view.name}</span>
      <span className="text-xs text-fg-muted tabular-nums">
        <span className="sr-only">, </span>
        {viewCountLabel(view.count, cap)}
        <span className="sr-only"> calls</span>
      </span>
    </DropdownMenuRadioItem>
  ));
}

export function SavedViewsMenu({
  organisationName,
  userId,
}: {
  organisationName: string;
  userId: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const timeZone = browserTimeZone();
  const views = useSavedViews(timeZone);
  const search = currentViewSearch(searchParams);
  const list = views.data;
  const active = activeViewId(search, list);
  const activeName =
    list && [...list.defaults, ...list.views].find((view) => view.id === active)?.name;
  const own = list?.views.filter((view) => !view.shared && view.owner.id === userId) ?? [];
  const shared = list?.views.filter((view) => view.shared) ?? [];
  const manageable: ListedSavedView[] = list?.views.filter((view) => view.can_manage) ?? [];
  const cap = list?.count_cap ?? SAVED_VIEW_COUNT_CAP;

  function openView(id: string) {
    const view = [
      ...(list?.views ?? []),
      ...(list?.defaults.map((each) => ({ ...each, columns: null })) ?? []),
    ].find((each) => each.id === id);
    if (view) setSearchParams(new URLSearchParams(viewSearch(view)), { preventScrollReset: true });
  }

  return (
    <>
      <DropdownMenu
        // Not modal: the page behind stays in the accessibility tree (a modal menu hides it with
        // aria-hidden while its controls stay focusable), and Escape or Tab still close it.
        modal={false}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Counts go stale on live events; opening the menu is when they are worth asking for.
          if (next && views.isStale) void views.refetch();
        }}
      >
        <DropdownMenuTrigger
          className={cn(buttonClassName('secondary', 'md'), 'max-w-full min-w-0')}
        >
          <IconBookmark className="size-4 shrink-0 text-fg-subtle" />
          <span className="truncate">
            {activeName ? (
              <>
                <span className="sr-only">Views: </span>
                {activeName}
              </>
            ) : (
              'Views'
            )}
          </span>
          <IconChevronDown className="size-4 shrink-0 text-fg-subtle" />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-80 max-w-[calc(100vw-1rem)]" aria-label="Views">
          {views.isPending ? (
            <DropdownMenuItem disabled>
              <Spinner className="size-4" /> Loading views…
            </DropdownMenuItem>
          ) : views.isError ? (
            <>
              <DropdownMenuLabel className="text-danger-fg">
                We couldn’t load your views.
              </DropdownMenuLabel>
              <DropdownMenuItem
                onSelect={(event) => {
                  event.preventDefault();
                  void views.refetch();
                }}
              >
                <IconRefresh /> Try again
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuRadioGroup value={active ?? ''} onValueChange={openView}>
              <DropdownMenuLabel>Built-in views</DropdownMenuLabel>
              <ViewItems
                views={views.data.defaults.map((view) => ({ ...view, columns: null }))}
                cap={cap}
              />
              <DropdownMenuLabel>Your views</DropdownMenuLabel>
              {own.length > 0 ? (
                <ViewItems views={own} cap={cap} />
              ) : (
                <p className="px-2.5 pb-1.5 text-[13px] text-fg-muted">
                  Save the list as it is now to come back to it in one click.
                </p>
              )}
              {shared.length > 0 ? (
                <>
                  <DropdownMenuLabel>Shared with {organisationName}</DropdownMenuLabel>
                  <ViewItems views={shared} cap={cap} />
                </>
              ) : null}
            </DropdownMenuRadioGroup>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)}>
            <IconPlus /> Save view…
          </DropdownMenuItem>
          {manageable.length > 0 ? (
            <DropdownMenuItem onSelect={() => setManaging(true)}>
              <IconPencil /> Manage views…
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <SaveViewDialog
        open={saving}
        onOpenChange={setSaving}
        search={search}
        organisationName={organisationName}
      />
      <ManageViewsDialog
        open={managing}
        onOpenChange={setManaging}
        views={manageable}
        userId={userId}
        search={search}
        activeId={active}
        organisationName={organisationName}
      />
    </>
  );
}
