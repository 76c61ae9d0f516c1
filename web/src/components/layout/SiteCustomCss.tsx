import { isSafeCustomCss } from '@rafflewin/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSiteSettings } from '@/hooks/useSiteSettings';

function inAdminConsole(pathname: string): boolean {
  return pathname === paths.admin.root || pathname.startsWith(`${paths.admin.root}/`);
}

/**
 * The Appearance tab's Custom CSS, as the text of its own <style> element (text set through
 * the DOM cannot become markup). It was checked when saved and is checked again here (see
 * domain/src/customCss.ts). It is not applied in the admin console, so a stylesheet that
 * hides or breaks the page cannot keep administrators from the form that removes it.
 */
export function SiteCustomCss() {
  const { settings } = useSiteSettings();
  const { pathname } = useLocation();
  const css = settings.themeCustomCss;
  const apply = css.trim() !== '' && !inAdminConsole(pathname) && isSafeCustomCss(css);
  useEffect(() => {
    if (!apply) return undefined;
    const style = document.createElement('style');
    style.setAttribute('data-site-custom-css', '');
    style.textContent = css;
    document.head.appendChild(style);
    return () => style.remove();
  }, [apply, css]);
  return null;
}
