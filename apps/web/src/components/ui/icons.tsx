// The product's icons, by the names the screens use, drawn by Lucide (lucide-react). This file is
// the one place that picks which Lucide icon stands for which name. Each icon is imported from its
// own module rather than from the package's index, which would load every Lucide icon into each
// test file that renders one. Decorative: hidden from assistive technology — the control or text
// beside each icon carries the meaning.
import type { LucideIcon } from 'lucide-react/types';
import ArrowDownRight from 'lucide-react/icons/arrow-down-right';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import Bot from 'lucide-react/icons/bot';
import Bug from 'lucide-react/icons/bug';
import BuildingComplex from 'lucide-react/icons/building-complex';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import CircleExclamationPoint from 'lucide-react/icons/circle-exclamation-point';
import CircleSmall from 'lucide-react/icons/circle-small';
import Clock from 'lucide-react/icons/clock';
import Contrast from 'lucide-react/icons/contrast';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import FaceNeutral from 'lucide-react/icons/face-neutral';
import FaceSlightlyFrowning from 'lucide-react/icons/face-slightly-frowning';
import FaceSlightlySmiling from 'lucide-react/icons/face-slightly-smiling';
import FileText from 'lucide-react/icons/file-text';
import Headset from 'lucide-react/icons/headset';
import Inbox from 'lucide-react/icons/inbox';
import Info from 'lucide-react/icons/info';
import KeyRound from 'lucide-react/icons/key-round';
import Link2Off from 'lucide-react/icons/link-2-off';
import Lock from 'lucide-react/icons/lock';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import MessageSquare from 'lucide-react/icons/message-square';
import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import PhoneIncoming from 'lucide-react/icons/phone-incoming';
import PhoneOutgoing from 'lucide-react/icons/phone-outgoing';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Rows3 from 'lucide-react/icons/rows-3';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import Server from 'lucide-react/icons/server';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Sun from 'lucide-react/icons/sun';
import Table from 'lucide-react/icons/table';
import User from 'lucide-react/icons/user';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import X from 'lucide-react/icons/x';
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'>;

/** The product's frame around a Lucide icon: 16 px unless a class says otherwise, hidden, inert. */
function productIcon(Lucide: LucideIcon, name: string) {
  function ProductIcon({ className = 'size-4', ...props }: IconProps) {
    return (
      <Lucide
        strokeWidth={2}
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      />
    );
  }
  ProductIcon.displayName = name;
  return ProductIcon;
}

export const IconEye = productIcon(Eye, 'IconEye');
export const IconEyeOff = productIcon(EyeOff, 'IconEyeOff');
export const IconAlertCircle = productIcon(CircleExclamationPoint, 'IconAlertCircle');
export const IconCheckCircle = productIcon(CircleCheck, 'IconCheckCircle');
export const IconInfo = productIcon(Info, 'IconInfo');
export const IconCheck = productIcon(Check, 'IconCheck');
/** A small hollow circle: a password rule not yet met. */
export const IconCircle = productIcon(CircleSmall, 'IconCircle');
export const IconArrowLeft = productIcon(ArrowLeft, 'IconArrowLeft');
export const IconArrowRight = productIcon(ArrowRight, 'IconArrowRight');
export const IconArrowUpRight = productIcon(ArrowUpRight, 'IconArrowUpRight');
export const IconArrowDownRight = productIcon(ArrowDownRight, 'IconArrowDownRight');
export const IconTable = productIcon(Table, 'IconTable');
export const IconMail = productIcon(Mail, 'IconMail');
export const IconLinkOff = productIcon(Link2Off, 'IconLinkOff');
export const IconSun = productIcon(Sun, 'IconSun');
export const IconMoon = productIcon(Moon, 'IconMoon');
export const IconMonitor = productIcon(Monitor, 'IconMonitor');
export const IconX = productIcon(X, 'IconX');
export const IconLogOut = productIcon(LogOut, 'IconLogOut');
export const IconSearch = productIcon(Search, 'IconSearch');
export const IconSearchX = productIcon(SearchX, 'IconSearchX');
export const IconChevronDown = productIcon(ChevronDown, 'IconChevronDown');
export const IconChevronLeft = productIcon(ChevronLeft, 'IconChevronLeft');
export const IconChevronRight = productIcon(ChevronRight, 'IconChevronRight');
export const IconChevronsUpDown = productIcon(ChevronsUpDown, 'IconChevronsUpDown');
export const IconPhoneIncoming = productIcon(PhoneIncoming, 'IconPhoneIncoming');
export const IconPhoneOutgoing = productIcon(PhoneOutgoing, 'IconPhoneOutgoing');
export const IconSliders = productIcon(SlidersHorizontal, 'IconSliders');
export const IconInbox = productIcon(Inbox, 'IconInbox');
export const IconLock = productIcon(Lock, 'IconLock');
export const IconRefresh = productIcon(RefreshCw, 'IconRefresh');
export const IconUser = productIcon(User, 'IconUser');
export const IconUserMinus = productIcon(UserMinus, 'IconUserMinus');
export const IconMessageSquare = productIcon(MessageSquare, 'IconMessageSquare');
export const IconBuilding = productIcon(BuildingComplex, 'IconBuilding');
/** A circle, half shaded: work under way. */
export const IconCircleHalf = productIcon(Contrast, 'IconCircleHalf');
/** Dashed circle: not started. */
export const IconCircleDashed = productIcon(CircleDashed, 'IconCircleDashed');
export const IconSmile = productIcon(FaceSlightlySmiling, 'IconSmile');
export const IconMeh = productIcon(FaceNeutral, 'IconMeh');
export const IconFrown = productIcon(FaceSlightlyFrowning, 'IconFrown');
export const IconClock = productIcon(Clock, 'IconClock');
export const IconHeadset = productIcon(Headset, 'IconHeadset');
export const IconFileText = productIcon(FileText, 'IconFileText');
export const IconRows = productIcon(Rows3, 'IconRows');
export const IconUsers = productIcon(Users, 'IconUsers');
export const IconUserPlus = productIcon(UserPlus, 'IconUserPlus');
export const IconKey = productIcon(KeyRound, 'IconKey');
export const IconBot = productIcon(Bot, 'IconBot');
export const IconBug = productIcon(Bug, 'IconBug');
export const IconServer = productIcon(Server, 'IconServer');
