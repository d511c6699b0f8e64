import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import {
  createInvitation,
  listInvitations,
  listMembers,
  listOperatorLog,
  removeMember,
  revokeInvitation,
  updateJoining,
  updateMember,
} from './members.service';

export async function membersRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.listMembers, ({ ctx }) => listMembers({ ctx }));
  addRoute(app, routes.updateMember, ({ ctx, input }) =>
    updateMember({ ctx, input: { userUuid: input.params.user_uuid, role: input.body.role } }),
  );
  addRoute(app, routes.removeMember, ({ ctx, input }) =>
    removeMember({ ctx, input: { userUuid: input.params.user_uuid } }),
  );
  addRoute(app, routes.listInvitations, ({ ctx }) => listInvitations({ ctx }));
  addRoute(app, routes.createInvitation, ({ ctx, input }) => createInvitation({ ctx, input: input.body }));
  addRoute(app, routes.revokeInvitation, ({ ctx, input }) =>
    revokeInvitation({ ctx, input: { invitationId: input.params.invitation_id } }),
  );
  addRoute(app, routes.updateJoining, ({ ctx, input }) => updateJoining({ ctx, input: input.body }));
  addRoute(app, routes.operatorLog, ({ ctx }) => listOperatorLog({ ctx }));
}
