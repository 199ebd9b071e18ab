import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { CONSULT_VISITOR_ROUTE, IDS_LANDING_PATH, SURVEY_PUBLIC_ROUTES } from '@schoolflow/contracts';
import { queryClient } from './api/query-client.js';
import { getAppConfig } from './config/app-config.js';
import { loadAppConfig } from './config/load-app-config.js';
import { confirmStore } from './components/confirm-store.js';
import { PageLoader } from './components/page-loader.js';
import { Toaster } from './components/toaster.js';
import { expiryStore } from './session/expiry.js';
import { initTheme } from './theme/theme.js';
import { useStore } from './util/store.js';

const LoginPage = lazy(() => import('./views/login/index.js'));
const NotFoundPage = lazy(() => import('./views/error/not-found.js'));
const VerifyPage = lazy(() => import('./views/verify/index.js'));
const RecoverPasswordDesktop = lazy(() => import('./password-recovery/recover-password-page.js'));
const RecoverPasswordPhone = lazy(() => import('./password-recovery/recover-password-phone.js'));
const NoPermissionPage = lazy(() => import('./views/error/no-permission.js'));
const SsoCallbackPage = lazy(() => import('./views/sso/callback.js'));
const PublicSurveyListPage = lazy(() => import('./surveys/answering/public-list-page.js'));
const AnswerSurveyPage = lazy(() => import('./surveys/answering/answer-page.js'));
const PreviewSurveyPage = lazy(() => import('./surveys/answering/preview-page.js'));
const ConsultVisitorPage = lazy(() => import('./consult/visitor/visitor-page.js'));
const Shell = lazy(() => import('./layout/shell.js'));
const ConfirmDialog = lazy(() => import('./components/confirm-dialog.js').then((m) => ({ default: m.ConfirmDialog })));
const ExpiryModal = lazy(() => import('./components/expiry-modal.js').then((m) => ({ default: m.ExpiryModal })));

/**
 * The app-wide dialogs, fetched when first raised rather than with the first page: the sign-in page carries none
 * of their code (docs/adr/0033-sign-in-page-weight.md).
 */
function AppDialogs() {
  const asking = useStore(confirmStore) !== null;
  const expired = useStore(expiryStore);
  return (
    <Suspense fallback={null}>
      {asking && <ConfirmDialog />}
      {expired && <ExpiryModal />}
    </Suspense>
  );
}

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
      {/* a forgotten password is recovered without signing in (docs/product/shell-and-sign-in.md#password-recovery) */}
      <Route path="/RePassword" element={<RecoverPasswordDesktop />} />
      <Route path="/qt_app/zhmm" element={<RecoverPasswordPhone />} />
      <Route path="/no-permission" element={<NoPermissionPage />} />
      {/* single sign-on lands here with the provider's answer (docs/product/single-sign-on.md) */}
      <Route path={IDS_LANDING_PATH} element={<SsoCallbackPage />} />
      {/* questionnaires anyone may open (platform shell §2.1; docs/product/questionnaires.md#public-pages) */}
      <Route path={SURVEY_PUBLIC_ROUTES[1]} element={<PublicSurveyListPage />} />
      <Route path={SURVEY_PUBLIC_ROUTES[2]} element={<AnswerSurveyPage />} />
      <Route path={SURVEY_PUBLIC_ROUTES[0]} element={<PreviewSurveyPage />} />
      {/* online consultation for visitors (platform shell §2.1; docs/product/consultation.md#visitors) */}
      <Route path={CONSULT_VISITOR_ROUTE} element={<ConsultVisitorPage />} />
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
      <AppDialogs />
    </QueryClientProvider>
  );
}
