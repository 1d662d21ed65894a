import { useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, Button, Center, Loader, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconMenu2, IconX } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import classes from './AppFrame.module.css';
import { NotificationsHost } from './NotificationsHost';
import { ScreenBoundary } from './ScreenBoundary';
import { useT } from '../lib/i18n';

/** One entry of the frame's navigation. */
interface FrameEntry {
  id: string;
  label: string;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

interface AppFrameProps {
  /** The navigation: its element id, accessible name and entries, in order. */
  navigation: { id: string; label: string; entries: readonly FrameEntry[] };
  /** From this width (px) the sidebar is always shown; below it, it is a drawer. */
  sidebarFromPx: number;
  /** The sidebar's width, and the drawer's (CSS lengths). */
  sidebarWidth: string;
  drawerWidth: string;
  /** The header's icon and title (the church's name, the console's). */
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean; className?: string }>;
  title: string;
  titleTestId?: string;
  /** Beside the title while the sidebar is shown (the church's subscription badge). */
  wideTitleExtra?: ReactNode;
  /** Before Logout: at every width, and only while the sidebar is shown. */
  account?: ReactNode;
  /** The language picker, at every width, compact while the sidebar is hidden (the church area's;
   * the console speaks English only). */
  languagePicker?: (compact: boolean) => ReactNode;
  wideAccount?: ReactNode;
  /** At the top of the drawer on a narrow screen: what the header then leaves out. */
  drawerHeader?: ReactNode;
  onLogout: () => Promise<void>;
  loggingOut: boolean;
  /** The screen. */
  children: ReactNode;
}

/** The content area while a screen's chunk downloads; the frame around it stays usable. */
function ScreenLoader() {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-label={t('common.loadingScreen')}>
      <Loader />
    </Center>
  );
}

/** '/admin/dashboard/' is the entry '/admin/dashboard'; '/' stays '/'. */
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/+$/, '$1');

/**
 * The signed-in frame of the church dashboard and of the operator console: a header with the title
 * and Logout, a sidebar of entries that is a drawer on a narrow screen, the notifications host, and
 * the screen, whose download failure is shown inside the frame. Plain elements styled by
 * AppFrame.module.css: it renders on every signed-in load.
 */
export function AppFrame(props: AppFrameProps) {
  const { navigation, icon: Icon, title, onLogout, loggingOut } = props;
  const t = useT();
  const { pathname } = useLocation();
  const current = withoutTrailingSlash(pathname);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const closeDrawer = () => setDrawerOpened(false);
  // On a narrow screen the drawer's contents join the page when it is first opened, and the header
  // keeps only what fits: a phone's first load then builds and lays out only what it shows (on a
  // budget phone every element of the first screen costs).
  const sidebarShown = useMediaQuery(`(min-width: ${em(props.sidebarFromPx)})`, undefined, { getInitialValueInEffect: false });
  const [drawerUsed, setDrawerUsed] = useState(false);
  // A window widened to show the sidebar forgets the drawer: narrowed again, the drawer starts closed
  // and does not slide until the burger is used.
  if (sidebarShown && (drawerUsed || drawerOpened)) {
    setDrawerUsed(false);
    setDrawerOpened(false);
  }
  const widths = { '--frame-navbar-width': props.sidebarWidth, '--frame-drawer-width': props.drawerWidth } as CSSProperties;

  return (
    <div className={classes.shell} style={widths} data-sidebar={sidebarShown || undefined} data-drawer-used={drawerUsed || undefined}>
      <NotificationsHost />
      <header className={classes.header}>
        <div className={classes.brand}>
          <button
            type="button"
            className={classes.burger}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpened((opened) => !opened);
            }}
            aria-label={drawerOpened ? t('common.closeNavigation') : t('common.openNavigation')}
            aria-expanded={drawerOpened}
            aria-controls={navigation.id}
          >
            {drawerOpened ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
          </button>
          <Icon size={24} stroke={1.6} aria-hidden className={classes.brandIcon} />
          <span className={classes.title} data-testid={props.titleTestId}>{title}</span>
          {sidebarShown ? props.wideTitleExtra : null}
        </div>
        <div className={classes.account}>
          {sidebarShown ? props.wideAccount : null}
          {props.account}
          {props.languagePicker?.(!sidebarShown)}
          {/* On a narrow screen Logout is its icon (named for screen readers), so the title keeps room. */}
          {sidebarShown ? (
            <Button variant="light" size="sm" leftSection={<IconLogout size={16} />} onClick={() => void onLogout()} loading={loggingOut}>
              {t('common.logout')}
            </Button>
          ) : (
            <ActionIcon
              variant="light"
              size={36}
              onClick={() => void onLogout()}
              loading={loggingOut}
              aria-label={t('common.logout')}
              title={t('common.logout')}
            >
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          )}
        </div>
      </header>

      <nav id={navigation.id} aria-label={navigation.label} className={classes.navbar} data-opened={drawerOpened || undefined}>
        {!sidebarShown && drawerUsed && props.drawerHeader ? <div className={classes.drawerHeader}>{props.drawerHeader}</div> : null}
        <div className={classes.navList}>
          {(sidebarShown || drawerUsed ? navigation.entries : []).map((entry) => (
            <Link
              key={entry.id}
              to={entry.path}
              className={classes.navLink}
              aria-current={current === entry.path ? 'page' : undefined}
              onClick={closeDrawer}
            >
              <entry.icon size={18} stroke={1.6} />
              <span>{entry.label}</span>
            </Link>
          ))}
        </div>
      </nav>

      <main className={classes.main}>
        <ScreenBoundary fallback={<ScreenLoader />}>{props.children}</ScreenBoundary>
      </main>
    </div>
  );
}
