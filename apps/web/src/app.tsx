import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api/query-client.js';
import { getAppConfig } from './config/app-config.js';
import { loadAppConfig } from './config/load-app-config.js';
import { ConfirmHost } from './components/confirm-dialog.js';
import { ExpiryModal } from './components/expiry-modal.js';
import { PageLoader } from './components/page-loader.js';
import { Toaster } from './components/toaster.js';
import { initTheme } from './theme/theme.js';

const LoginPage = lazy(() => import('./views/login/index.js'));
const NotFoundPage = lazy(() => import('./views/error/not-found.js'));
const VerifyPage = lazy(() => import('./views/verify/index.js'));
const NoPermissionPage = lazy(() => import('./views/error/no-permission.js'));
const Shell = lazy(() => import('./layout/shell.js'));

function AppRoutes() {
  const location = useLocation();
  // Legacy links use the hash route #/no-permission (docs/product/shell-and-sign-in.md#routes).
  if (location.hash === '#/no-permission') return <NoPermissionPage />;
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      {/* anyone checks a certificate without signing in */}
      <Route path="/verify/:code?" element={<VerifyPage />} />
      <Route path="/no-permission" element={<NoPermissionPage />} />
      <Route path="*" element={<Shell />} />
    </Routes>
  );
}

export function App() {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    void loadAppConfig().then(() => {
      initTheme(getAppConfig().THEME_DEFAULT);
      setReady(true);
    });
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {ready ? (
        <BrowserRouter>
          <Suspense fallback={<PageLoader />}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
      ) : (
        <PageLoader />
      )}
      <Toaster />
      <ConfirmHost />
      <ExpiryModal />
    </QueryClientProvider>
  );
}
