// The product's icons, by the names the screens use, drawn by Lucide (lucide-react). This file is
// the one place that picks which Lucide icon stands for which name. Each icon is imported from its
// own module rather than from the package's index, which would load every Lucide icon into each
// test file that renders one. Decorative: hidden from assistive technology — the control or text
// beside each icon carries the meaning.
import type { LucideIcon } from 'lucide-react/types';
import ArrowDownRight from 'lucide-react/icons/arrow-down-right';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import AtSign from 'lucide-react/icons/at-sign';
import Bell from 'lucide-react/icons/bell';
import Bookmark from 'lucide-react/icons/bookmark';
import Bot from 'lucide-react/icons/bot';
import BuildingComplex from 'lucide-react/icons/building-complex';
import ChartColumn from 'lucide-react/icons/chart-column';
import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronFirst from 'lucide-react/icons/chevron-first';
import ChevronLast from 'lucide-react/icons/chevron-last';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleExclamationPoint from 'lucide-react/icons/circle-exclamation-point';
import CircleSmall from 'lucide-react/icons/circle-small';
import Clock from 'lucide-react/icons/clock';
import Columns3 from 'lucide-react/icons/columns-3';
import Contrast from 'lucide-react/icons/contrast';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import FaceNeutral from 'lucide-react/icons/face-neutral';
import FaceSlightlyFrowning from 'lucide-react/icons/face-slightly-frowning';
import FaceSlightlySmiling from 'lucide-react/icons/face-slightly-smiling';
import FileText from 'lucide-react/icons/file-text';
import FileUp from 'lucide-react/icons/file-up';
import Inbox from 'lucide-react/icons/inbox';
import Info from 'lucide-react/icons/info';
import KeyRound from 'lucide-react/icons/key-round';
import Keyboard from 'lucide-react/icons/keyboard';
import LayoutList from 'lucide-react/icons/layout-list';
import Link2Off from 'lucide-react/icons/link-2-off';
import Lock from 'lucide-react/icons/lock';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import MessageSquare from 'lucide-react/icons/message-square';
import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import Phone from 'lucide-react/icons/phone';
import PhoneIncoming from 'lucide-react/icons/phone-incoming';
import PhoneOutgoing from 'lucide-react/icons/phone-outgoing';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import Server from 'lucide-react/icons/server';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Smartphone from 'lucide-react/icons/smartphone';
import Sun from 'lucide-react/icons/sun';
import Table from 'lucide-react/icons/table';
import Tablet from 'lucide-react/icons/tablet';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import User from 'lucide-react/icons/user';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import Webhook from 'lucide-react/icons/webhook';
import X from 'lucide-react/icons/x';
import type { SVGProps } from 'react';
import { cn } from '../../lib/cn.ts';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'>;

/**
 * The product's frame around a Lucide icon: 16 px unless a class says otherwise, hidden, inert.
 * `drawing` is a class the icon always keeps, for a change to Lucide's drawing. Each call below is
 * marked pure so that the build drops the icons no screen uses.
 */
function productIcon(Lucide: LucideIcon, name: string, drawing?: string) {
  function ProductIcon({ className = 'size-4', ...props }: IconProps) {
    return (
      <Lucide
        strokeWidth={2}
        aria-hidden="true"
        focusable="false"
        className={cn(className, drawing)}
        {...props}
      />
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
export const IconWarning = /* @__PURE__ */ productIcon(TriangleAlert, 'IconWarning');
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
