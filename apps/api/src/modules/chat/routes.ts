import {
  ChatConversationsPageSchema,
  ChatConversationsQuerySchema,
  ChatMessageBodySchema,
  ChatMessageSchema,
  ChatThreadSchema,
  ChatTokenSchema,
} from '@vnoc/contracts';
import { customersAsSelf, signedInAsSelf } from '../../http/auth-rules.ts';
import { answers, created, IdParamsSchema, noContent } from '../../http/route-schemas.ts';
import { moduleRoutes } from '../../http/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as chat from './service.ts';

/**
 * The support chat (issue 10 part 6): the chat widget's token, and vNOC's own chat — a person's
 * conversations with the provider's support staff, who answer every organization's from their inbox. A person
 * chats in their own name (`customersAsSelf`: a support person acting as them may not); either side of a
 * conversation (`signedInAsSelf`) is its person or the provider's support staff.
 */
export const chatRoutes = moduleRoutes(['chat'], (r, route, ctx) => {
  r.get(
    '/api/userProfile/intercomjwt',
    {
      schema: {
        tags: ['userProfile'],
        summary: 'A signed token that identifies the user to the chat widget',
        description:
          'HS256 JWT with `user_id`, `email`, `name` and `exp`, signed with the Intercom messenger security ' +
          'secret when INTERCOM_APP_ID is set (then `intercomAppId` names the app to boot), else with a key of ' +
          "this server's (vNOC's own support chat).",
        response: answers(ChatTokenSchema),
      },
      config: { auth: customersAsSelf },
    },
    async (request) => chat.chatToken(ctx, authOf(request)),
  );

  r.get(
    '/api/chat/conversations',
    route(signedInAsSelf, {
      summary: "A person's own conversations, or (SUPPORT) the inbox of every organization's",
      description:
        'Newest message first. For SUPPORT staff: conversations with `status` (open by default) whose ' +
        "person, email or organization contains `q`. `unread` counts the other side's messages not read yet.",
      querystring: ChatConversationsQuerySchema,
      answer: ChatConversationsPageSchema,
    }),
    async (request) => chat.conversations(ctx, authOf(request), request.query),
  );

  r.post(
    '/api/chat/conversations',
    route(customersAsSelf, {
      summary: 'Start a conversation with the support team',
      body: ChatMessageBodySchema,
      response: created(ChatThreadSchema),
    }),
    async (request) => chat.startConversation(ctx, authOf(request), request.body.body),
  );

  r.get(
    '/api/chat/conversations/:id',
    route(signedInAsSelf, {
      summary: 'A conversation and its newest 500 messages, oldest first',
      params: IdParamsSchema,
      answer: ChatThreadSchema,
    }),
    async (request) => chat.thread(ctx, authOf(request), request.params.id),
  );

  r.post(
    '/api/chat/conversations/:id/messages',
    route(signedInAsSelf, {
      summary: 'Write in a conversation (a closed one opens again)',
      params: IdParamsSchema,
      body: ChatMessageBodySchema,
      response: created(ChatMessageSchema),
    }),
    async (request) => chat.sendMessage(ctx, authOf(request), request.params.id, request.body.body),
  );

  const actions = [
    ['read', "Mark the other side's messages read", chat.read],
    ['close', 'Close the conversation', chat.close],
  ] as const;
  for (const [path, summary, run] of actions) {
    r.post(
      `/api/chat/conversations/:id/${path}`,
      route(signedInAsSelf, { summary, params: IdParamsSchema, response: noContent }),
      async (request) => run(ctx, authOf(request), request.params.id),
    );
  }
});
