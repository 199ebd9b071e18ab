import { Global, Module } from '@nestjs/common';
import { SessionService } from './domain/session.service.js';
import { LoginController } from './commands/login/login.controller.js';
import { LoginHandler } from './commands/login/login.handler.js';
import { LoginThrottlerGuard } from './commands/login/login-throttler.guard.js';
import { LogoutController } from './commands/logout/logout.controller.js';
import { UpdatePasswordController } from './commands/update-password/update-password.controller.js';
import { UpdatePasswordHandler } from './commands/update-password/update-password.handler.js';
import { EndOtherSessionsController } from './commands/end-other-sessions/end-other-sessions.controller.js';
import { GetExpiresController } from './queries/get-expires/get-expires.controller.js';
import { GetPwdStrategyController } from './queries/get-pwd-strategy/get-pwd-strategy.controller.js';
import { AccountsRepository } from './domain/accounts.repository.js';
import { GetUserInfoController } from './queries/get-user-info/get-user-info.controller.js';
import { MySessionsController } from './queries/my-sessions/my-sessions.controller.js';
import { IdsStartController } from './commands/ids-start/ids-start.controller.js';
import { IdsCallbackController } from './commands/ids-callback/ids-callback.controller.js';
import { IdsCheckController } from './commands/ids-check/ids-check.controller.js';
import { IdsCheckHandler } from './commands/ids-check/ids-check.handler.js';
import { CasSingleLogoutController } from './commands/cas-single-logout/cas-single-logout.controller.js';
import { IdsProtocols } from './domain/ids/ids-protocols.js';
import { IdsStore } from './domain/ids/ids.store.js';
import { ResetPasswordController } from './commands/reset-password/reset-password.controller.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { RecoveryEvidenceRepository } from './domain/recovery-evidence.repository.js';
import { RecoveryLockout } from './domain/recovery-lockout.js';

@Global()
@Module({
  controllers: [
    LoginController,
    LogoutController,
    UpdatePasswordController,
    EndOtherSessionsController,
    GetExpiresController,
    GetPwdStrategyController,
    GetUserInfoController,
    MySessionsController,
    IdsStartController,
    IdsCallbackController,
    IdsCheckController,
    CasSingleLogoutController,
    ResetPasswordController,
  ],
  providers: [AccountsRepository, SessionService, LoginHandler, LoginThrottlerGuard, UpdatePasswordHandler, IdsStore, IdsProtocols, IdsCheckHandler, ResetPasswordHandler, RecoveryEvidenceRepository, RecoveryLockout],
  exports: [SessionService],
})
export class IdentityModule {}
