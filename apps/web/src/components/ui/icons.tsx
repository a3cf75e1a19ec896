// The product's icons, by the names the screens use, drawn from Lucide's icons (lucide-react's
// data, not its components). This file is the one place that picks which Lucide icon stands for
// which name. Each icon is imported from its own module rather than from the package's index, which
// would load every Lucide icon into each test file that renders one. Decorative: hidden from
// assistive technology — the control or text beside each icon carries the meaning.
import { __iconData as ArrowDownRight } from 'lucide-react/icons/arrow-down-right';
import { __iconData as ArrowDown } from 'lucide-react/icons/arrow-down';
import { __iconData as ArrowLeft } from 'lucide-react/icons/arrow-left';
import { __iconData as ArrowRight } from 'lucide-react/icons/arrow-right';
import { __iconData as ArrowUp } from 'lucide-react/icons/arrow-up';
import { __iconData as ArrowUpRight } from 'lucide-react/icons/arrow-up-right';
import { __iconData as AtSign } from 'lucide-react/icons/at-sign';
import { __iconData as Bell } from 'lucide-react/icons/bell';
import { __iconData as Bookmark } from 'lucide-react/icons/bookmark';
import { __iconData as Bot } from 'lucide-react/icons/bot';
import { __iconData as BuildingComplex } from 'lucide-react/icons/building-complex';
import { __iconData as ChartColumn } from 'lucide-react/icons/chart-column';
import { __iconData as Check } from 'lucide-react/icons/check';
import { __iconData as CheckCheck } from 'lucide-react/icons/check-check';
import { __iconData as ChevronDown } from 'lucide-react/icons/chevron-down';
import { __iconData as ChevronFirst } from 'lucide-react/icons/chevron-first';
import { __iconData as ChevronLast } from 'lucide-react/icons/chevron-last';
import { __iconData as ChevronLeft } from 'lucide-react/icons/chevron-left';
import { __iconData as ChevronRight } from 'lucide-react/icons/chevron-right';
import { __iconData as ChevronsUpDown } from 'lucide-react/icons/chevrons-up-down';
import { __iconData as CircleCheck } from 'lucide-react/icons/circle-check';
import { __iconData as CircleDashed } from 'lucide-react/icons/circle-dashed';
import { __iconData as CircleExclamationPoint } from 'lucide-react/icons/circle-exclamation-point';
import { __iconData as CircleSmall } from 'lucide-react/icons/circle-small';
import { __iconData as Clock } from 'lucide-react/icons/clock';
import { __iconData as Columns3 } from 'lucide-react/icons/columns-3';
import { __iconData as Contrast } from 'lucide-react/icons/contrast';
import { __iconData as Copy } from 'lucide-react/icons/copy';
import { __iconData as Download } from 'lucide-react/icons/download';
import { __iconData as Eye } from 'lucide-react/icons/eye';
import { __iconData as EyeOff } from 'lucide-react/icons/eye-off';
import { __iconData as FaceNeutral } from 'lucide-react/icons/face-neutral';
import { __iconData as FaceSlightlyFrowning } from 'lucide-react/icons/face-slightly-frowning';
import { __iconData as FaceSlightlySmiling } from 'lucide-react/icons/face-slightly-smiling';
import { __iconData as FileText } from 'lucide-react/icons/file-text';
import { __iconData as FileUp } from 'lucide-react/icons/file-up';
import { __iconData as Inbox } from 'lucide-react/icons/inbox';
import { __iconData as Info } from 'lucide-react/icons/info';
import { __iconData as KeyRound } from 'lucide-react/icons/key-round';
import { __iconData as Keyboard } from 'lucide-react/icons/keyboard';
import { __iconData as LayoutList } from 'lucide-react/icons/layout-list';
import { __iconData as Link2Off } from 'lucide-react/icons/link-2-off';
import { __iconData as Lock } from 'lucide-react/icons/lock';
import { __iconData as LogOut } from 'lucide-react/icons/log-out';
import { __iconData as Mail } from 'lucide-react/icons/mail';
import { __iconData as MessageSquare } from 'lucide-react/icons/message-square';
import { __iconData as Monitor } from 'lucide-react/icons/monitor';
import { __iconData as Moon } from 'lucide-react/icons/moon';
import { __iconData as Phone } from 'lucide-react/icons/phone';
import { __iconData as PhoneIncoming } from 'lucide-react/icons/phone-incoming';
import { __iconData as PhoneOutgoing } from 'lucide-react/icons/phone-outgoing';
import { __iconData as Pencil } from 'lucide-react/icons/pencil';
import { __iconData as Plus } from 'lucide-react/icons/plus';
import { __iconData as RefreshCw } from 'lucide-react/icons/refresh-cw';
import { __iconData as Search } from 'lucide-react/icons/search';
import { __iconData as SearchX } from 'lucide-react/icons/search-x';
import { __iconData as Server } from 'lucide-react/icons/server';
import { __iconData as SlidersHorizontal } from 'lucide-react/icons/sliders-horizontal';
import { __iconData as Smartphone } from 'lucide-react/icons/smartphone';
import { __iconData as Sun } from 'lucide-react/icons/sun';
import { __iconData as Table } from 'lucide-react/icons/table';
import { __iconData as Tablet } from 'lucide-react/icons/tablet';
import { __iconData as TriangleExclamationPoint } from 'lucide-react/icons/triangle-exclamation-point';
import { __iconData as User } from 'lucide-react/icons/user';
import { __iconData as UserMinus } from 'lucide-react/icons/user-minus';
import { __iconData as UserPlus } from 'lucide-react/icons/user-plus';
import { __iconData as Users } from 'lucide-react/icons/users';
import { __iconData as Webhook } from 'lucide-react/icons/webhook';
import { __iconData as X } from 'lucide-react/icons/x';
import { createElement, type SVGProps } from 'react';
import { cn } from '../../lib/cn.ts';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'>;

/**
 * An icon's drawing as SVG elements, as Lucide writes it: each icon module exports it beside its
 * component (`lucide-icon-data.d.ts` declares it).
 */
interface IconData {
  name?: string;
  aliases?: readonly string[];
  node: readonly IconShape[];
}

/** One SVG element of a drawing: its tag and its attributes. */
type IconShape = readonly [tag: string, attributes: Record<string, string | number | undefined>];

/** The attributes that only place an element: one that has any other keeps its own element. */
const GEOMETRY: Record<string, readonly string[]> = {
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
};

/** A number for path data: at most three decimals, so sums do not print as 0.30000000000000004. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

const NUMBER = String.raw`[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?`;
const RELATIVE_START = new RegExp(String.raw`^\s*m\s*(${NUMBER})[\s,]*(${NUMBER})`, 'u');

/**
 * Path data that starts where it says even after another path's: a path's first relative move
 * (`m`) counts from the origin, but once joined to another it would count from where that one
 * ends. The pairs after it stay relative lines.
 */
function absoluteStart(d: string): string {
  const start = RELATIVE_START.exec(d);
  if (!start) return d;
  const rest = d.slice(start[0].length).replace(/^[\s,]+/u, '');
  return `M${start[1]} ${start[2]}${/^[-+.\d]/u.test(rest) ? 'l' : ''}${rest}`;
}

/** One shape of GEOMETRY's as path data (an outline drawn the same way, stroke for stroke). */
function pathData(tag: string, a: Record<string, string | number | undefined>): string {
  const n = (key: string) => Number(a[key] ?? 0);
  const arcs = (cx: number, cy: number, rx: number, ry: number) =>
    `M${num(cx - rx)} ${num(cy)}a${num(rx)} ${num(ry)} 0 1 0 ${num(2 * rx)} 0` +
    `a${num(rx)} ${num(ry)} 0 1 0 ${num(-2 * rx)} 0z`;
  // A circle, ellipse or rectangle without size draws nothing.
  switch (tag) {
    case 'circle':
      return n('r') > 0 ? arcs(n('cx'), n('cy'), n('r'), n('r')) : '';
    case 'ellipse': {
      const [rx, ry] = [n('rx'), Number(a.ry ?? a.rx ?? 0)];
      return rx > 0 && ry > 0 ? arcs(n('cx'), n('cy'), rx, ry) : '';
    }
    case 'line':
      return `M${num(n('x1'))} ${num(n('y1'))}L${num(n('x2'))} ${num(n('y2'))}`;
    // After a moveto, further coordinate pairs are lines.
    case 'polyline':
      return `M${String(a.points ?? '')}`;
    case 'polygon':
      return `M${String(a.points ?? '')}z`;
    case 'rect': {
      const [x, y, width, height] = [n('x'), n('y'), n('width'), n('height')];
      if (width <= 0 || height <= 0) return '';
      const rx = Math.min(Number(a.rx ?? a.ry ?? 0), width / 2);
      const ry = Math.min(Number(a.ry ?? a.rx ?? 0), height / 2);
      if (rx <= 0 || ry <= 0)
        return `M${num(x)} ${num(y)}h${num(width)}v${num(height)}h${num(-width)}z`;
      const corner = (dx: number, dy: number) =>
        `a${num(rx)} ${num(ry)} 0 0 1 ${num(dx)} ${num(dy)}`;
      return (
        `M${num(x + rx)} ${num(y)}h${num(width - 2 * rx)}${corner(rx, ry)}` +
        `v${num(height - 2 * ry)}${corner(-rx, ry)}h${num(-(width - 2 * rx))}${corner(-rx, -ry)}` +
        `v${num(-(height - 2 * ry))}${corner(rx, -ry)}z`
      );
    }
    default: // a path
      return absoluteStart(String(a.d ?? ''));
  }
}

interface Drawing {
  /** Every shape that only places itself, as one path. */
  d: string;
  /** Shapes with attributes of their own (a filled dot, say), drawn as Lucide draws them. */
  own: readonly IconShape[];
}

/**
 * An icon's shapes as one <path>: a row of the call list shows five icons, which Lucide draws in
 * 24 elements and this in 10 (docs/decisions/0043-icons-drawn-as-one-path.md).
 */
export function drawIcon(data: IconData): Drawing {
  const paths: string[] = [];
  const own: IconShape[] = [];
  for (const [tag, attributes] of data.node) {
    const geometry = GEOMETRY[tag];
    // Lucide gives each shape a React key as well. Every geometry attribute but path data and
    // points is one number; a shape whose value is anything else keeps its own element.
    const placesOnly =
      geometry !== undefined &&
      Object.entries(attributes).every(
        ([name, value]) =>
          name === 'key' ||
          (geometry.includes(name) &&
            (name === 'd' || name === 'points' || Number.isFinite(Number(value)))),
      );
    if (placesOnly) paths.push(pathData(tag, attributes));
    else own.push([tag, attributes]);
  }
  return { d: paths.join(''), own };
}

/**
 * The product's frame around a Lucide drawing: 16 px unless a class says otherwise, hidden,
 * inert, stroke width 2. `drawing` is a class the icon always keeps, for a change to Lucide's
 * drawing; such an icon keeps Lucide's elements, which the class addresses. Each call below is
 * marked pure so that the build drops the icons no screen uses.
 */
function productIcon(data: IconData, name: string, drawing?: string) {
  let drawn: Drawing | undefined;
  let lucideClasses: string | undefined;
  function ProductIcon({ className = 'size-4', ...props }: IconProps) {
    drawn ??= drawing ? { d: '', own: data.node } : drawIcon(data);
    // Lucide's classes: its own, and one for each name of the icon.
    lucideClasses ??= cn(
      'lucide',
      ...[data.name, ...(data.aliases ?? [])].map((alias) => alias && `lucide-${alias}`),
    );
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={cn(lucideClasses, className, drawing)}
        {...props}
      >
        {drawn.d ? <path d={drawn.d} /> : null}
        {drawn.own.map(([tag, attributes], index) =>
          createElement(tag, { ...attributes, key: index }),
        )}
      </svg>
    );
  }
  ProductIcon.displayName = name;
  return ProductIcon;
}

export const IconEye = /* @__PURE__ */ productIcon(Eye, 'IconEye');
export const IconDownload = /* @__PURE__ */ productIcon(Download, 'IconDownload');
export const IconFileUp = /* @__PURE__ */ productIcon(FileUp, 'IconFileUp');
export const IconEyeOff = /* @__PURE__ */ productIcon(EyeOff, 'IconEyeOff');
export const IconAlertCircle = /* @__PURE__ */ productIcon(
  CircleExclamationPoint,
  'IconAlertCircle',
);
export const IconCheckCircle = /* @__PURE__ */ productIcon(CircleCheck, 'IconCheckCircle');
export const IconInfo = /* @__PURE__ */ productIcon(Info, 'IconInfo');
export const IconWarning = /* @__PURE__ */ productIcon(TriangleExclamationPoint, 'IconWarning');
export const IconCheck = /* @__PURE__ */ productIcon(Check, 'IconCheck');
/** A small hollow circle: a password rule not yet met. */
export const IconCircle = /* @__PURE__ */ productIcon(CircleSmall, 'IconCircle');
export const IconArrowLeft = /* @__PURE__ */ productIcon(ArrowLeft, 'IconArrowLeft');
export const IconArrowRight = /* @__PURE__ */ productIcon(ArrowRight, 'IconArrowRight');
export const IconArrowUp = /* @__PURE__ */ productIcon(ArrowUp, 'IconArrowUp');
export const IconArrowDown = /* @__PURE__ */ productIcon(ArrowDown, 'IconArrowDown');
export const IconArrowUpRight = /* @__PURE__ */ productIcon(ArrowUpRight, 'IconArrowUpRight');
export const IconArrowDownRight = /* @__PURE__ */ productIcon(ArrowDownRight, 'IconArrowDownRight');
export const IconColumns = /* @__PURE__ */ productIcon(Columns3, 'IconColumns');
export const IconTable = /* @__PURE__ */ productIcon(Table, 'IconTable');
export const IconMail = /* @__PURE__ */ productIcon(Mail, 'IconMail');
export const IconLinkOff = /* @__PURE__ */ productIcon(Link2Off, 'IconLinkOff');
export const IconSun = /* @__PURE__ */ productIcon(Sun, 'IconSun');
export const IconMoon = /* @__PURE__ */ productIcon(Moon, 'IconMoon');
export const IconMonitor = /* @__PURE__ */ productIcon(Monitor, 'IconMonitor');
export const IconSmartphone = /* @__PURE__ */ productIcon(Smartphone, 'IconSmartphone');
export const IconTablet = /* @__PURE__ */ productIcon(Tablet, 'IconTablet');
export const IconX = /* @__PURE__ */ productIcon(X, 'IconX');
export const IconLogOut = /* @__PURE__ */ productIcon(LogOut, 'IconLogOut');
export const IconSearch = /* @__PURE__ */ productIcon(Search, 'IconSearch');
export const IconSearchX = /* @__PURE__ */ productIcon(SearchX, 'IconSearchX');
export const IconChevronDown = /* @__PURE__ */ productIcon(ChevronDown, 'IconChevronDown');
export const IconChevronFirst = /* @__PURE__ */ productIcon(ChevronFirst, 'IconChevronFirst');
export const IconChevronLast = /* @__PURE__ */ productIcon(ChevronLast, 'IconChevronLast');
export const IconChevronLeft = /* @__PURE__ */ productIcon(ChevronLeft, 'IconChevronLeft');
export const IconChevronRight = /* @__PURE__ */ productIcon(ChevronRight, 'IconChevronRight');
export const IconChevronsUpDown = /* @__PURE__ */ productIcon(ChevronsUpDown, 'IconChevronsUpDown');
export const IconPhoneIncoming = /* @__PURE__ */ productIcon(PhoneIncoming, 'IconPhoneIncoming');
export const IconPhoneOutgoing = /* @__PURE__ */ productIcon(PhoneOutgoing, 'IconPhoneOutgoing');
export const IconSliders = /* @__PURE__ */ productIcon(SlidersHorizontal, 'IconSliders');
export const IconInbox = /* @__PURE__ */ productIcon(Inbox, 'IconInbox');
export const IconLock = /* @__PURE__ */ productIcon(Lock, 'IconLock');
export const IconRefresh = /* @__PURE__ */ productIcon(RefreshCw, 'IconRefresh');
export const IconUser = /* @__PURE__ */ productIcon(User, 'IconUser');
export const IconUserMinus = /* @__PURE__ */ productIcon(UserMinus, 'IconUserMinus');
export const IconMessageSquare = /* @__PURE__ */ productIcon(MessageSquare, 'IconMessageSquare');
export const IconBuilding = /* @__PURE__ */ productIcon(BuildingComplex, 'IconBuilding');
/** A circle, half shaded: work under way (Lucide's contrast, its half-disc filled). */
export const IconCircleHalf = /* @__PURE__ */ productIcon(
  Contrast,
  'IconCircleHalf',
  '[&_path]:fill-current',
);
/** Dashed circle: not started. */
export const IconCircleDashed = /* @__PURE__ */ productIcon(CircleDashed, 'IconCircleDashed');
export const IconSmile = /* @__PURE__ */ productIcon(FaceSlightlySmiling, 'IconSmile');
export const IconMeh = /* @__PURE__ */ productIcon(FaceNeutral, 'IconMeh');
export const IconFrown = /* @__PURE__ */ productIcon(FaceSlightlyFrowning, 'IconFrown');
export const IconClock = /* @__PURE__ */ productIcon(Clock, 'IconClock');
export const IconFileText = /* @__PURE__ */ productIcon(FileText, 'IconFileText');
export const IconUsers = /* @__PURE__ */ productIcon(Users, 'IconUsers');
export const IconUserPlus = /* @__PURE__ */ productIcon(UserPlus, 'IconUserPlus');
export const IconKey = /* @__PURE__ */ productIcon(KeyRound, 'IconKey');
export const IconCopy = /* @__PURE__ */ productIcon(Copy, 'IconCopy');
export const IconPlus = /* @__PURE__ */ productIcon(Plus, 'IconPlus');
export const IconBot = /* @__PURE__ */ productIcon(Bot, 'IconBot');
export const IconServer = /* @__PURE__ */ productIcon(Server, 'IconServer');
export const IconWebhook = /* @__PURE__ */ productIcon(Webhook, 'IconWebhook');
export const IconBell = /* @__PURE__ */ productIcon(Bell, 'IconBell');
export const IconAtSign = /* @__PURE__ */ productIcon(AtSign, 'IconAtSign');
export const IconCheckCheck = /* @__PURE__ */ productIcon(CheckCheck, 'IconCheckCheck');
export const IconBookmark = /* @__PURE__ */ productIcon(Bookmark, 'IconBookmark');
export const IconPencil = /* @__PURE__ */ productIcon(Pencil, 'IconPencil');
export const IconKeyboard = /* @__PURE__ */ productIcon(Keyboard, 'IconKeyboard');
export const IconChart = /* @__PURE__ */ productIcon(ChartColumn, 'IconChart');
export const IconList = /* @__PURE__ */ productIcon(LayoutList, 'IconList');
export const IconPhone = /* @__PURE__ */ productIcon(Phone, 'IconPhone');
