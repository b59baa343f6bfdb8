/**
 * Generated from the server's OpenAPI document by scripts/api-types.mjs
 * (openapi-typescript). Do not edit: change the document, then run
 * `npm run api:types`.
 */

export interface paths {
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1 document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Staff sign-in (owner or super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Credentials"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoginResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Staff sign-in (same as /api/login) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Credentials"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoginResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Who the bearer of a staff token is */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Valid session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionInfo"];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the bearer token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Unauthorized"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/recuperar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** '¿Olvidaste tu contraseña?' of an owner or the super admin: e-mails a single-use reset link (1 h) when an account uses the address; the same answer either way. Throttled per client address and per e-mail (429 with Retry-After) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ResetSent"];
                    };
                };
                400: components["responses"]["BadRequest"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/restablecer/enlace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The state of a staff reset link, so its page shows the form or says the link no longer works */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ResetLinkState"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/restablecer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Spends a staff reset link: sets the new password, ends every session of the account and signs the caller in (public: the token is the credential) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoginResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of restaurants, newest first (super admin); X-Total-Count is how many match */
        get: {
            parameters: {
                query?: {
                    /** @description search in name, e-mail and merchant id (case and accents ignored) */
                    q?: string;
                    estado?: "pendiente" | "activo" | "suspendido";
                    /** @description only restaurants whose POS needs reconnecting */
                    reconectar?: "1";
                    /** @description 1–200, default 50 */
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Restaurants */
                200: {
                    headers: {
                        /** @description restaurants matching */
                        "X-Total-Count"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cliente"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Create a restaurant, pendiente, first billed a month from now (super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NewCliente"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cliente"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One restaurant (its staff or a super admin; the next payment's date only for its owner and the super admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Restaurant */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cliente"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/configuraciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A restaurant's look and feel (diner menu)
         * @description Public and cacheable: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Save a restaurant's look and feel (owner or super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SettingsInput"];
                };
            };
            responses: {
                /** @description Saved settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/configuraciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A restaurant's look and feel (same as /api/configuraciones)
         * @description Public and cacheable: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Main categories of a restaurant
         * @description Public and cacheable: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                    /** @description es (default) or en; falls back to Spanish where no translation exists */
                    idioma?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categorias: components["schemas"]["Categoria"][];
                        };
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Create a main category */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        name_en?: string;
                        merchant_id?: string;
                        cliente_id: number | string;
                        image_path?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            categoria: components["schemas"]["Categoria"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/productos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visible products of a POS category; without category_id, the owner's full list (hidden included; staff token for the restaurant)
         * @description Public and cacheable: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                    /** @description the subcategory's clover_category_id */
                    category_id?: string;
                    /** @description es (default) or en; falls back to Spanish where no translation exists */
                    idioma?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            productos: components["schemas"]["Producto"][];
                        };
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/popups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active popups of a restaurant, newest first
         * @description Public and cacheable: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                    /** @description es (default) or en; falls back to Spanish where no translation exists */
                    idioma?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Popup"][];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Create a popup (image, GIF or video; owner or super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        name: string;
                        /** @description optional English name */
                        name_en?: string;
                        /** Format: binary */
                        file: string;
                        cliente_id: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Popup"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/popups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a popup */
        delete: {
            parameters: {
                query?: {
                    /** @description The popup's restaurant; required of a super admin (400 without it), an owner's own restaurant otherwise */
                    cliente_id?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/configuraciones/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the logo (image checked by content, re-encoded, card size) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": components["schemas"]["Upload"];
                };
            };
            responses: {
                /** @description Stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/configuraciones/background": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the background image (full size) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": components["schemas"]["Upload"];
                };
            };
            responses: {
                /** @description Stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Printable QR code of the public menu URL (of one table's with ?mesa=) */
        get: {
            parameters: {
                query?: {
                    /** @description png (default) or svg */
                    format?: string;
                    /** @description table number: the code opens /menu/{cliente_id}?mesa={mesa} */
                    mesa?: number;
                };
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description QR code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/png": unknown;
                        "image/svg+xml": unknown;
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories/{id}/subcategories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subcategories of a main category, by position (missing last)
         * @description Public and cacheable: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                    /** @description es (default) or en; falls back to Spanish where no translation exists */
                    idioma?: string;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            subcategorias: components["schemas"]["Subcategoria"][];
                        };
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Link POS categories to a main category with positions (minimum 1) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        cloverCategoryIds: string[];
                        positions?: {
                            [key: string]: number;
                        };
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            subcategorias: components["schemas"]["Subcategoria"][];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/sync-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import the restaurant's POS catalogue in one transaction (idempotent; local edits kept) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id: number | string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            result: components["schemas"]["SyncResult"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                /** @description The point of sale failed or the connection expired */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** POS categories for the subcategory picker */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            categorias: components["schemas"]["PosCategoria"][];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename a main category and set its English name */
        put: {
            parameters: {
                query?: {
                    cliente_id?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        name_en?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Categoria"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        /** Delete a main category (its subcategory links go with it) */
        delete: {
            parameters: {
                query?: {
                    cliente_id?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categorias/{id}/imagen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a main category's image */
        post: {
            parameters: {
                query?: {
                    cliente_id?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** Format: binary */
                        image: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            path: string;
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories/{id}/subcategories/{cloverCategoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a subcategory from a main category */
        delete: {
            parameters: {
                query?: {
                    cliente_id?: number;
                };
                header?: never;
                path: {
                    id: number;
                    cloverCategoryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/productos/{id}/descripcion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a product's description (not empty after trimming) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        description: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            /** @description The description as stored (trimmed) */
                            description: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/productos/{id}/alergenos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a product's allergens and dietary tags (unknown code or contradiction → 400) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        alergenos: string[];
                        etiquetas: string[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            /** @description allergen codes, in Annex II order */
                            alergenos: components["schemas"]["Alergeno"][];
                            /** @description dietary tag codes */
                            etiquetas: components["schemas"]["EtiquetaDieta"][];
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/productos/{id}/traduccion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a product's English name and description */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        /** @enum {string} */
                        idioma: "en";
                        name?: string;
                        description?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/nombres-pos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The POS's modifier groups, modifiers and taxes with the owner's Spanish and English names */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NombresPOS"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        /** Set the owner's names of POS modifier groups, modifiers and taxes (all or none; an empty name gives the POS's back) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nombres: {
                            /** @enum {string} */
                            entidad: "modificador_grupo" | "modificador" | "impuesto";
                            /** @description the POS's id */
                            id: string;
                            /** @enum {string} */
                            idioma: "es" | "en";
                            name: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NombresPOS"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/products/{id}/visibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Show or hide a product on the menu */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        visible: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            visible: boolean;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/products/visibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Show or hide several products at once (one transaction: a product not of the restaurant → 404, nothing changed) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        ids: number[];
                        visible: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ids: number[];
                            visible: boolean;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/products/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a product's image (cropped square JPEG from the browser; checked and re-encoded) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** Format: binary */
                        image: string;
                        cliente_id?: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/registro": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a diner (name required, valid e-mail, password of 8+ characters) and sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nombre: string;
                        /** Format: email */
                        email: string;
                        telefono?: string;
                        password: string;
                        /**
                         * @description marketing e-mail consent: the dialog's box, unticked; omitted is no. Recorded (consentimientos) with the restaurant and the time
                         * @default false
                         */
                        suscrito_mailing?: boolean;
                        /**
                         * @description WhatsApp consent: the dialog's box, unticked; omitted is no. Recorded like suscrito_mailing
                         * @default false
                         */
                        whatsapp_notificaciones?: boolean;
                        /** @description the restaurant the diner registered from; null (or an id that is not one) for none */
                        cliente_id?: number | string | null;
                    };
                };
            };
            responses: {
                /** @description OK */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DinerSession"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                /** @description E-mail already registered */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login-usuario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Diner sign-in (throttled like staff sign-in) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Credentials"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DinerSession"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/recuperar-usuario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** '¿Olvidaste tu contraseña?' of a diner: e-mails a single-use reset link (1 h), in the request's language and back to the restaurant cliente_id (when active, else the diner's last one), when a diner uses the address; the same answer either way. Throttled per client address and per e-mail (429 with Retry-After) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        cliente_id?: number | string | null;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ResetSent"];
                    };
                };
                400: components["responses"]["BadRequest"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/restablecer-usuario/enlace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The state of a diner's reset link, so its page shows the form or says the link no longer works */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ResetLinkState"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/restablecer-usuario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Spends a diner's reset link: sets the new password, ends every session of the account and signs the diner in (public: the token is the credential) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DinerSession"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/send-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue the signed-in diner's welcome e-mail (once per account, only to the account's own address) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nombre?: string;
                        email?: string;
                        telefono?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            queued: boolean;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuario/menu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant the diner used last (or registered from) */
        get: {
            parameters: {
                query: {
                    usuario_id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cliente_id: number | null;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The diner's own profile */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Usuario"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        /**
         * Edit name, phone, mailing and WhatsApp preferences
         * @description A changed suscrito_mailing or whatsapp_notificaciones is recorded (consentimientos: origen 'cuenta', the restaurant, the time) in the same transaction.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nombre: string;
                        telefono?: string;
                        suscrito_mailing?: boolean;
                        whatsapp_notificaciones?: boolean;
                        /** @description SMS consent (transactional); omitted: unchanged */
                        sms_notificaciones?: boolean;
                        /**
                         * @description the channel of the order notices; whatsapp and sms need the phone with its country code and give that channel's consent; omitted: unchanged
                         * @enum {string}
                         */
                        avisos_canal?: "email" | "whatsapp" | "sms";
                        /** @description the restaurant whose pages the diner is on ('Manejar Cuenta' ?menu=), recorded with a changed consent; null (or an id that is not one) for none */
                        cliente_id?: number | string | null;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Usuario"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        /** Delete the account: personal data erased, purchases kept anonymised */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the password (current one required); other sessions are signed out */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password_actual: string;
                        password_nueva: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/sesiones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The diner's own open sessions (at most 50): the current one first and marked, then the most recently used */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sesiones: components["schemas"]["SesionUsuario"][];
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        /** Sign out everywhere but here: every other session of the diner ends */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out elsewhere */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/sesiones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of the diner's own sessions (by its public id); another account's session is not found */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/compras": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The diner's purchases (vouchers), newest first */
        get: {
            parameters: {
                query?: {
                    /** @description es or en; without it the Accept-Language header decides (Spanish by default); English texts fall back to Spanish where the owner gave none */
                    idioma?: string;
                };
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Compra"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/puntos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The diner's points: balance and history per restaurant */
        get: {
            parameters: {
                query?: {
                    /** @description es or en; without it the Accept-Language header decides (Spanish by default); English texts fall back to Spanish where the owner gave none */
                    idioma?: string;
                };
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PuntosRestaurante"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/restaurantes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Restaurants the diner has used */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RestauranteResumen"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Record that the diner opened a restaurant's menu */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id: number | string;
                    };
                };
            };
            responses: {
                /** @description Recorded */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/restaurantes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active restaurants diners can pick */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RestauranteResumen"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The e-mail outbox, newest first (super admin; in demo mode e-mails stay here) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OutboxMessage"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which card form the web app shows (demo or stripe) and Stripe's publishable key */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            provider: string;
                            publishable_key: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/verificar_tarjeta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the restaurant has a card on file for platform fees (registrada false, not a 404, when none yet) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            registrada: boolean;
                            message: string;
                            brand: string;
                            last4: string;
                            provider: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/setup-tarjeta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Prepare a card registration (Stripe: Customer + SetupIntent usage=off_session; returns its client secret) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            /** @description Nothing is read from it (the web app sends {}). */
            requestBody?: {
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            provider: string;
                            client_secret: string;
                            publishable_key: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                /** @description Stripe no está disponible. */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/agregar-tarjeta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register the card on file from the browser's token (Stripe PaymentMethod id, or demo_tok_4242 / demo_tok_0002); failed fees are retried with it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            brand: string;
                            last4: string;
                            provider: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cupones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Offers on sale (active, not expired), of one restaurant with cliente_id */
        get: {
            parameters: {
                query?: {
                    cliente_id?: number;
                    /** @description es or en; without it the Accept-Language header decides (Spanish by default); English texts fall back to Spanish where the owner gave none */
                    idioma?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cupon"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Create an offer (needs a card on file: 402 otherwise) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        cliente_id: number;
                        titulo: string;
                        descripcion: string;
                        /** @description optional English title */
                        titulo_en?: string;
                        /** @description optional English description */
                        descripcion_en?: string;
                        descuento: number;
                        /** @description currency units, e.g. 20.00 */
                        precio: string;
                        codigo: string;
                        /** @description YYYY-MM-DD (end of day), YYYY-MM-DDTHH:MM or RFC 3339, in the future */
                        fecha_expiracion: string;
                        cantidad_disponible: number;
                        /** Format: binary */
                        imagen: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            imagen_url: string;
                            id: number;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                /** @description ❌ Debes registrar una tarjeta en Stripe antes de crear promociones. */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                403: components["responses"]["Forbidden"];
                /** @description Code taken */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cupones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every offer of the restaurant (its staff) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cupon"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cupones/{id}/estado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Pause, resume or end an offer (an ended offer stays ended) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        estado: "activo" | "pausado" | "finalizado";
                        /** @description The offer's restaurant; required of a super admin (400 without it), an owner's own restaurant otherwise */
                        cliente_id?: number | string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cupon"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                /** @description Ended */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/merchant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A restaurant's merchant id */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            merchant_id: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout-clover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Buy a coupon: holds one unit for 15 minutes and returns the hosted checkout URL. The server computes the total (discounted price + 500 cents); a different total_amount is refused; the diner's own name, e-mail and phone are used */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cupon_id: number | string;
                        usuario_id?: number | string;
                        merchant_id?: string;
                        /** @description cents; optional check */
                        total_amount?: number;
                        phone_number?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            checkout_url: string;
                            compra_id: number;
                            total: number;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                /** @description Sold out */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                500: components["responses"]["Internal"];
                /** @description Error al generar el checkout en Clover */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo/checkout/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The demo checkout page's purchase or order (demo restaurants only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    session_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DemoCheckout"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo/checkout/{session_id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Demo checkout 'Pagar': confirms like a provider webhook */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    session_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            tipo: "compra" | "pedido" | "cuenta";
                            estado: string;
                            cliente_id: number;
                            compra_id?: number;
                            pedido_id?: number;
                            token?: string;
                            /** @description Only when the payment was approved (voucher issued or order confirmed) */
                            message?: string;
                            pago_id?: number;
                            /** @description a table's order or payment: where the diner goes once paid */
                            exito_url?: string;
                            volver_url?: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demo/checkout/{session_id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Demo checkout 'Rechazar': the held unit is released */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    session_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            tipo: "compra" | "pedido" | "cuenta";
                            estado: string;
                            cliente_id: number;
                            compra_id?: number;
                            pedido_id?: number;
                            token?: string;
                            /** @description Only when the payment was approved (voucher issued or order confirmed) */
                            message?: string;
                            pago_id?: number;
                            /** @description a table's order or payment: where the diner goes once paid */
                            exito_url?: string;
                            volver_url?: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/vouchers/canjear": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Redeem a diner's voucher, once (restaurant staff) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        codigo: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            voucher: components["schemas"]["Voucher"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                /** @description Used or expired */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's platform fees (charged, pending, failed) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Fee"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/resumen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant panel's summary: today and the last 30 days (restaurant's time zone) of paid orders, coupons sold, revenue, tips and (for the owner and the super admin only: billing) the platform's fees, in cents, with a series per day */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Resumen"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/resumen.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The panel's summary by day as a CSV file: date, orders, order sales, tips paid at the tables, coupons, coupon sales (amounts as plain decimals in the restaurant's currency; headers in the caller's language) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV file (UTF-8 with a byte-order mark) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": unknown;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/primeros-pasos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant panel's first-run checklist ('Primeros pasos'): each step's done flag from the restaurant's data; the restaurant's staff or a super admin */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PrimerosPasos"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/primeros-pasos/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Records that the staff printed or downloaded the restaurant's QR codes (the first time is kept) and answers the checklist; the restaurant's staff or a super admin */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PrimerosPasos"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/usuarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's diners ('Clientes'), latest visit first, with coupons bought, amount spent and points at this restaurant; contact details only with the diner's consent (owner or super admin) */
        get: {
            parameters: {
                query?: {
                    /** @description part of the diner's name or e-mail (case ignored) */
                    q?: string;
                    /** @description 1–200, default 50 */
                    limit?: number;
                    /** @description the previous page's siguiente */
                    cursor?: string;
                };
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of diners */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Comensales"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/usuarios.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The contactable diners (who accepted e-mails or WhatsApp) as a CSV file: name, e-mail, phone, last visit (restaurant's time zone), coupons, points; cells a spreadsheet would run as formulas start with an apostrophe (owner or super admin) */
        get: {
            parameters: {
                query?: {
                    /** @description part of the diner's name or e-mail (case ignored) */
                    q?: string;
                };
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV file (UTF-8 with a byte-order mark), headers in the caller's language */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": unknown;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/fees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Failed platform fees across restaurants (super admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Fee"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/clover-checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clover hosted checkout payment notification (Clover-Signature: t=…,v1=HMAC-SHA256 of t.body); processed once */
        post: {
            parameters: {
                query?: never;
                header: {
                    "Clover-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            responses: {
                /** @description Received */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe events for platform fee payments (Stripe-Signature verified); processed once */
        post: {
            parameters: {
                query?: never;
                header: {
                    "Stripe-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            responses: {
                /** @description Received */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/whatsapp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meta's webhook subscription check for WhatsApp: answers hub.challenge as text when hub.mode is subscribe and hub.verify_token is CARTA_WHATSAPP_VERIFY_TOKEN; otherwise 403 */
        get: {
            parameters: {
                query: {
                    "hub.mode": string;
                    "hub.verify_token": string;
                    "hub.challenge": string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The challenge, as sent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** WhatsApp Cloud API notifications (X-Hub-Signature-256: HMAC-SHA256 of the raw body with CARTA_WHATSAPP_APP_SECRET): delivery statuses and the diners' replies; applied to the outbox (idempotent, so a replay changes nothing). Unsigned or forged: 401, nothing applied. Body up to 1 MiB */
        post: {
            parameters: {
                query?: never;
                header: {
                    "X-Hub-Signature-256": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            responses: {
                /** @description Received */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/twilio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio SMS status callbacks and incoming messages (form-encoded; X-Twilio-Signature: Twilio's HMAC-SHA1 with CARTA_TWILIO_AUTH_TOKEN over <CARTA_BASE_URL>/api/webhooks/twilio, its query and the sorted parameters); applied to the outbox (idempotent). Bad signature: 403, nothing applied. Answers empty TwiML. Body up to 1 MiB */
        post: {
            parameters: {
                query?: never;
                header: {
                    "X-Twilio-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        [key: string]: string;
                    };
                };
            };
            responses: {
                /** @description Empty TwiML: <Response/> */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/xml": string;
                    };
                };
                400: components["responses"]["BadRequest"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/compras/{compra_id}/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** QR code (SVG) of one of the diner's vouchers */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                    compra_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description QR code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/svg+xml": unknown;
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reembolsos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments to refund and the latest refunded (super admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Refund"][];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reembolsos/{compra_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that a payment owed back was refunded by hand (super admin's 'Marcar como reembolsado'); 409 while a refund through the provider is under way */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    compra_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reembolsos/{compra_id}/reembolsar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a coupon payment owed back through the restaurant's provider (super admin's 'Reembolsar', 'Reintentar'); answers the refunds list's line. 409 when the provider cannot refund it (the message says why) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    compra_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Refund"];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/clover_products_online": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The online menu: POS categories with their orderable products (visible, available in the POS, not sold out today), modifier groups and tax rates
         * @description Public and cacheable like the menu: ETag (the menu's version) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    /** @description the restaurant */
                    cliente_id: number;
                    /** @description es (default) or en */
                    idioma?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnlineMenu"];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/taxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tax rates of the restaurant's orderable products
         * @description Public and cacheable like the menu: ETag (the menu's version) and Cache-Control: public, no-cache; If-None-Match answers 304.
         */
        get: {
            parameters: {
                query: {
                    /** @description the restaurant */
                    cliente_id: number;
                    /** @description es (default) or en: the names' language */
                    idioma?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OnlineTax"][];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pickup times offered now: as soon as possible (now + preparation time) and today's open slots that are not full */
        get: {
            parameters: {
                query: {
                    /** @description the restaurant */
                    cliente_id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Availability"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Price a cart with the server's catalogue: 400 names the first line that cannot be ordered (unknown or unavailable product, foreign modifier, a group's minimum or maximum, quantity) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id: number | string;
                        items: components["schemas"]["LineRequest"][];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Quote"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Place a pickup order: priced by the server, pickup checked (hours, pause, slot capacity), the total confirmed by the POS's own computation, then the restaurant's hosted checkout opened for exactly that total. A signed-in diner's token links it to the account; guests can order. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id: number | string;
                        /** @enum {string} */
                        order_type?: "pickup";
                        items: components["schemas"]["LineRequest"][];
                        customer: {
                            nombre: string;
                            email: string;
                            telefono?: string;
                            /** @description a guest's 'quiero recibir novedades' box (unticked: false or absent); ignored for a signed-in diner, whose account's consent counts */
                            novedades?: boolean;
                            /**
                             * @description a guest's channel for the order notices (absent: email); whatsapp and sms need telefono with its country code and give that channel's consent. Ignored for a signed-in diner, whose account's choice counts
                             * @enum {string}
                             */
                            avisos?: "email" | "whatsapp" | "sms";
                        };
                        /** @description a slot's start (Unix seconds) from GET /api/orders/config; 0 or absent: as soon as possible */
                        pickup_at?: number;
                        note?: string;
                        /** @description this browser's previous unpaid order, given up (its slot freed) */
                        replaces?: {
                            pedido_id?: number;
                            token?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderPlaced"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                /** @description The POS computes another total, or refuses a product: nothing is charged */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                /** @description The POS or the checkout did not answer: nothing is charged */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/{cliente_id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The direct pay call (demo provider only): confirms the order's payment of exactly its total */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        pedido_id: number;
                        token: string;
                        /** @description cents */
                        amount: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                            pedido: components["schemas"]["OrderTracking"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                /** @description The restaurant charges through its payment provider */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order for its diner: the holder of its token, or the signed-in diner who placed it (anything else: 404) */
        get: {
            parameters: {
                query?: {
                    /** @description the order's token (links in e-mails; streams) */
                    t?: string;
                };
                header?: {
                    /** @description the order's token (or ?t=) */
                    "X-Pedido-Token"?: string;
                };
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderTracking"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The order's changes, live (its page follows them): a paid order that can still change, at most 3 streams per order and 10 per client address (IPv6: per /64) on each replica */
        get: {
            parameters: {
                query?: {
                    /** @description the order's token (links in e-mails; streams) */
                    t?: string;
                };
                header?: {
                    /** @description the order's token (or ?t=) */
                    "X-Pedido-Token"?: string;
                };
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Server-Sent Events: 'hola' once listening, then 'pedido' {id, pedido_id, estado} per change; a comment every 20 s */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                /** @description The order does not stream: not paid yet, or over (picked up, cancelled, declined, expired); its page reads the order instead */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many streams of this order, or from this address; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/pedidos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The order board: the orders paid on a day (today by default) plus earlier ones still open, with the day's totals */
        get: {
            parameters: {
                query?: {
                    /** @description YYYY-MM-DD in the restaurant's time */
                    dia?: string;
                };
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Board"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/pedidos/eventos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's order changes, live (the boards follow them, across replicas; order pages never take the streams kept for boards) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Server-Sent Events: 'hola' once listening, then 'pedido' {id, pedido_id, estado} per change; a comment every 20 s, at which the session and the person's membership of the restaurant are checked again: the stream ends when either has ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/pedidos/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's ordering settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderConfig"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        /** Save the ordering settings: on/off, preparation time, opening hours, maximum orders per 15-minute slot, pause until, time zone */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        activo?: boolean;
                        preparacion_min?: number;
                        horario?: components["schemas"]["Hours"][];
                        /** @description 0: no maximum */
                        pedidos_por_franja?: number;
                        /** @description Unix seconds; 0: not paused */
                        pausado_hasta?: number;
                        /** @description IANA time zone */
                        zona_horaria?: string;
                        /** @description Board: minutes since payment after which a card turns amber; 0 (with aviso_rojo_min 0): the preparation time (at least 5). */
                        aviso_ambar_min?: number;
                        /** @description Board: minutes since payment after which a card turns red ('Retrasado'), above aviso_ambar_min; 0: twice the amber. */
                        aviso_rojo_min?: number;
                        /**
                         * @description Board: accepting a new order also starts it (one tap; the default when omitted). false: the two steps, 'Visto' then 'Empezar preparación'.
                         * @default true
                         */
                        un_toque?: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderConfig"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}/estado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Move an order: recibido → en_preparacion → listo → entregado, or cancelado (motivo required; the payment is marked for refund). Every other move is 409. The diner is e-mailed. */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        /** @enum {string} */
                        estado: "pendiente_pago" | "recibido" | "en_preparacion" | "listo" | "entregado" | "cancelado" | "fallido" | "expirado";
                        motivo?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Pedido"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}/visto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge a new order: its alert stops on every board */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            visto: boolean;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}/pos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an order that has not reached the POS again now */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}/reembolso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that a cancelled order's payment was refunded by hand ('Marcar como reembolsado'): for payments the provider cannot refund; 409 while a refund through the provider is under way */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Pedido"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pedidos/{id}/reembolsar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a cancelled order's payment through the provider ('Reembolsar', 'Reintentar'): the first time for one not refunded at its cancellation, or again after a failure; two calls make one refund. 409 when nothing is owed or the provider cannot refund it (the message says why) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Pedido"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/products/{id}/agotado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark a product sold out for today (until the restaurant's next midnight), or available again */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id?: number | string;
                        agotado: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: number;
                            agotado: boolean;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usuarios/{usuario_id}/pedidos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in diner's paid orders, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    usuario_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderTracking"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clients/{cliente_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Edit, suspend or reactivate a restaurant (super admin) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClienteEdit"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cliente"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/send-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Enviar Enlace': e-mail the owner a single-use link (72 h) that sets their password, and answer it to copy (super admin); 409 while the restaurant has a link not used yet, unless reemplazar */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        merchant_id?: string;
                        email?: string;
                        /** @description confirms sending a new link while an unused one exists (it stops working) */
                        reemplazar?: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mensaje: string;
                            /** @description the link e-mailed (also in the outbox) */
                            enlace: string;
                            /** @description Unix seconds when the link stops working */
                            caduca: number;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/establecer-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Establecer Contraseña': spend an onboarding link, set the owner's password and sign in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        merchant_id?: string;
                        email?: string;
                        new_password?: string;
                        token?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoginResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Configuración del Token de Clover': exchange a merchant's OAuth code and connect the restaurant with that merchant id, or the one cliente_id picks; a merchant id no restaurant has is 404 unless crear (super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        merchant_id?: string;
                        code?: string;
                        nombre?: string;
                        email?: string;
                        /** @description an existing restaurant to connect: its merchant id must be merchant_id, or it has none and gets it */
                        cliente_id?: number;
                        /** @description create the restaurant (nombre, or 'Cliente Sin Nombre') when no restaurant has merchant_id */
                        crear?: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mensaje: string;
                            cliente: components["schemas"]["Cliente"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/clover/conectar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** 'Conectar con Clover' (owner or super admin): issues a state bound to the restaurant and the caller and answers the URL to send the browser to (Clover's authorize page; offline, the callback with a demo code) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/oauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The site URL of Carta's Clover app: a merchant launching the app from the Clover App Market lands here; Carta issues a state for the restaurant with that merchant id and redirects to Clover's /oauth/v2/authorize */
        get: {
            parameters: {
                query?: {
                    merchant_id?: string;
                    /** @description merchant_id under the name Clover's launch may use */
                    merchantId?: string;
                    employee_id?: string;
                    client_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To Clover's authorize page, or to /clover/conexion?resultado=sin-app|sin-restaurante|rechazado when the launch is refused */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clover/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The redirect URL of Carta's Clover app (OAuth v2): completes only a connection Carta started (its state: single use, 10 minutes, bound to the restaurant and who started it); never creates a restaurant */
        get: {
            parameters: {
                query?: {
                    merchant_id?: string;
                    client_id?: string;
                    code?: string;
                    employee_id?: string;
                    /** @description the state Carta issued when the connection started */
                    state?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To /clover/conexion?resultado=conectado|caducado|otro-comercio|rechazado|no-disponible|sin-app|sin-restaurante (with cliente_id and merchant_id when conectado), the page that says how it went */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the restaurant's own hosted-checkout webhook signing secret (sealed at rest); empty removes it */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        webhook_secret: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            webhook_secret_configurado: boolean;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox/{id}/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue an e-mail of the outbox again (super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/fees/{id}/reintentar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a failed platform fee to be charged again (super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/pedidos/reembolsos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cancelled orders to refund, and the latest refunded (super admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderRefund"][];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/pagos/reembolsos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every kind's payments to refund (coupon purchases, orders) in one list, then the latest refunded (super admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefundOwed"][];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/resumen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What needs the super admin's attention: the dashboard's badges */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Oversight"];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vinos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A restaurant's wines: to its staff (bearer token) every wine; to everyone else the available ones, cacheable (ETag) */
        get: {
            parameters: {
                query: {
                    cliente_id: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Vino"][];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Add a wine to a restaurant's cellar (owner or super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VinoInput"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            vino: components["schemas"]["Vino"];
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vinos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a wine, or only show / hide it (disponible) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VinoInput"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Vino"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        /** Delete a wine */
        delete: {
            parameters: {
                query?: {
                    cliente_id?: number;
                };
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vinos/{id}/imagen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a wine's label (multipart imagen, cliente_id) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        /** Format: binary */
                        imagen: string;
                        cliente_id?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            imagen_url: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                413: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/buscar-vino": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look a wine up by name (and vintage and grape) to import it (owner or super admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        nombre?: string;
                        "a\u00F1o"?: string;
                        uva?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detalles: components["schemas"]["WineLookup"];
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Busy"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cavas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurants with a cava to explore (active, with available wines) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Cava"][];
                    };
                };
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/privacidad": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A restaurant's privacy notice: what the page /privacidad/{cliente_id} is written from
         * @description Public and cacheable with the restaurant's menu: ETag (changes with every owner edit) and Cache-Control: public, no-cache; If-None-Match answers 304. An unknown or suspended restaurant is 404.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Privacidad"];
                    };
                };
                304: components["responses"]["NotModified"];
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        /** Set the text the owner adds to the restaurant's privacy notice; empty removes it */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        texto: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Privacidad"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/restaurante": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the staff session act on another of the person's restaurants (the switcher) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        cliente_id: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SessionInfo"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/pedidos/pausa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Pause online ordering until a time, or resume (0): the kitchen's part of the ordering settings */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Unix seconds; 0: resume now */
                        pausado_hasta: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OrderConfig"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/actividad": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's audit log: sensitive actions, who, when, what and from which address, newest first, filterable and paged by keyset (its propietario or the super admin) */
        get: {
            parameters: {
                query?: {
                    /** @description a prefix of the action's name (pedido. for every action on orders) */
                    accion?: string;
                    /** @description part of the actor's e-mail (case ignored) */
                    actor?: string;
                    /** @description unix seconds, included (the page sends the start of a day in the restaurant's time zone) */
                    desde?: number;
                    /** @description unix seconds, excluded */
                    hasta?: number;
                    /** @description only actions with a smaller id: the previous page's siguiente */
                    antes?: number;
                    /** @description 1–100, default 50 */
                    limit?: number;
                };
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of the log, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActividadPage"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/actividad": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every restaurant's audit log, each action with its restaurant's name, newest first, filterable and paged by keyset (super admin) */
        get: {
            parameters: {
                query?: {
                    /** @description a prefix of the action's name (pedido. for every action on orders) */
                    accion?: string;
                    /** @description part of the actor's e-mail (case ignored) */
                    actor?: string;
                    /** @description unix seconds, included (the page sends the start of a day in the restaurant's time zone) */
                    desde?: number;
                    /** @description unix seconds, excluded */
                    hasta?: number;
                    /** @description only actions with a smaller id: the previous page's siguiente */
                    antes?: number;
                    /** @description 1–100, default 50 */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of the log, newest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActividadPage"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sesiones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own open sessions: the current one first and marked, then the most recently used */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sesiones: components["schemas"]["SesionStaff"][];
                        };
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        /** Sign out everywhere but here: every other session of the caller ends */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out elsewhere */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sesiones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of the caller's own sessions (by its public id) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the caller's password (the current one checked under the sign-in throttles); every other session ends */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password_actual: string;
                        password_nueva: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/equipo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's staff ('Equipo'): people, pending invitations, open sessions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Equipo"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/equipo/invitaciones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite a person by e-mail with a role: a single-use link valid 7 days, e-mailed through the outbox (a new invitation of the same person replaces the earlier); audited equipo.invitar */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        rol: components["schemas"]["StaffRole"];
                    };
                };
            };
            responses: {
                /** @description Invited */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Invitacion"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/equipo/invitaciones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a pending invitation (its link then says so) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Cancelled */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/equipo/{staff_user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a person's role at the restaurant; the last propietario cannot be demoted (409); audited equipo.rol */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    staff_user_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rol: components["schemas"]["StaffRole"];
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Persona"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        /** Remove a person from the restaurant: every session of theirs ends at once; the last propietario cannot be removed (409); audited equipo.quitar */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    staff_user_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/sesiones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End a session of a person of the restaurant (a kitchen tablet's device session, ...) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/equipo/vincular": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Super admin: add an existing staff person (by e-mail) to the restaurant with a role; audited equipo.vincular */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        rol: components["schemas"]["StaffRole"];
                    };
                };
            };
            responses: {
                /** @description Linked */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Persona"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitacion/enlace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The invitation page: the link's state, the restaurant and role */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitacionEstado"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitacion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: a new person sets a password, a person already staff elsewhere gives theirs (sign-in throttles); joins with the role and is signed in on that restaurant; audited equipo.aceptar */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoginResult"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                409: components["responses"]["Conflict"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mesas/{cliente_id}/{codigo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What a table's QR opens: the table, the restaurant's mode and tips, and the table's open tab (which the phone joins). An old or unknown code: 404 'Este código de mesa ya no es válido…' (the web opens the plain menu with that message). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    /** @description the table's printed secret */
                    codigo: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TableInfo"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mesas/{cliente_id}/{codigo}/pedidos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Order at the table: priced by the server exactly as a pickup order (modifiers, taxes, sold-out, hours, the POS's total). Opens the table's tab when none is open (pay at the end: it waits for a waiter's acceptance). Pay per order: answers the hosted checkout for this order; the kitchen sees it once paid. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    /** @description the table's printed secret */
                    codigo: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        items: components["schemas"]["LineRequest"][];
                        nota?: string;
                        /** @enum {string} */
                        idioma?: "es" | "en";
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TableOrderPlaced"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuentas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A table's tab for the phones at the table (its token): lines, each order's status, totals, what is paid and what remains. 410 once it is paid or closed. */
        get: {
            parameters: {
                query?: {
                    /** @description the tab's token */
                    t?: string;
                };
                header?: {
                    /** @description the tab's token (or ?t=) */
                    "X-Cuenta-Token"?: string;
                };
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tab"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                410: components["responses"]["Gone"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuentas/{id}/pagos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay (part of) the tab: everything that remains, one share of an even split, or chosen lines, with the tip the diner chose (on the pre-tax amount the payment covers). Holds what it covers until paid (15 min); a line or share someone else holds or paid: 409 with what remains. */
        post: {
            parameters: {
                query?: {
                    /** @description the tab's token */
                    t?: string;
                };
                header?: {
                    /** @description the tab's token (or ?t=) */
                    "X-Cuenta-Token"?: string;
                };
                path: {
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        modo: "todo" | "partes" | "lineas";
                        partes?: number;
                        lineas?: string[];
                        /** @description {porcentaje: 0}: 'Sin propina'; required: a tip is never added without the diner choosing */
                        propina: {
                            porcentaje?: number;
                            /** @description 'Otra cantidad', cents */
                            importe?: number;
                        };
                        /** @enum {string} */
                        idioma?: "es" | "en";
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TabPaymentStarted"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                410: components["responses"]["Gone"];
                429: components["responses"]["TooMany"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cuentas/{id}/pagos/{pago_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tab payment's receipt for the phone that made it (its token), also after the tab closed */
        get: {
            parameters: {
                query?: {
                    /** @description the payment's token */
                    p?: string;
                };
                header?: never;
                path: {
                    id: number;
                    pago_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TabReceipt"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        /** Give up a payment under way (the diner left the checkout): what it held is free again */
        delete: {
            parameters: {
                query?: {
                    /** @description the payment's token */
                    p?: string;
                };
                header?: never;
                path: {
                    id: number;
                    pago_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TabReceipt"];
                    };
                };
                400: components["responses"]["BadRequest"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/mesas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The dining room's settings: tables with their printed codes, the tab's mode, tips, pickup */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TablesSettings"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        /** Save the dining room's settings: the tables (number and name; a table left out is retired, its open tab must be closed first), the mode, tips, pickup */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        mesas: {
                            numero: number;
                            nombre?: string;
                        }[];
                        /**
                         * @description por_pedido: each order is paid before the kitchen sees it; al_final: orders go to the kitchen and the tab is paid at the end (a new tab's first order waits for a waiter)
                         * @enum {string}
                         */
                        modo: "por_pedido" | "al_final";
                        propinas: {
                            activo: boolean;
                            porcentajes: number[];
                            defecto: number;
                        };
                        recoger_activo: boolean;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TablesSettings"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/mesas/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each active table's printable QR code of its secret URL, as SVG drawn by the server (high error correction); not cached: the codes are secrets */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TableQRCodes"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/mesas/codigos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Renew every table's printed code (reprinting the sheet): the old QR codes open the plain menu with a message */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TablesSettings"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cuentas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The open tabs (waiting for acceptance or open) with their totals, what is paid and what remains, and the tables */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StaffTabs"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cuentas/{cuenta_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One tab of the restaurant */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    cuenta_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tab"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/aceptar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept a new tab (pay at the end): its waiting orders go to the kitchen */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    cuenta_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tab"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/cerrar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close a tab: the phones lose access; a reason is required when something remains unpaid */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    cuenta_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        motivo?: string;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tab"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/mover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a tab to another table (with no open tab) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    cuenta_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        mesa_id: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tab"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/cuentas/{cuenta_id}/pagos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a part paid at the table in cash or on the restaurant's own terminal (who did it is recorded) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    cuenta_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        metodo: "efectivo" | "terminal";
                        importe: number;
                        propina?: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tab"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/cuentas/pagos/{pago_id}/reembolsar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund the part a table's tab payment owes back (kind 'cuenta') through the restaurant's provider (super admin's 'Reembolsar', 'Reintentar'): what is left of that part, never more, under the refund's idempotency key; answers the payment's line of the one refunds list. 409 when the provider cannot refund it (the message says why) or nothing is left */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pago_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefundOwed"];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/cuentas/pagos/{pago_id}/reembolso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record that the part a table's tab payment owes back was refunded by hand (super admin's 'Marcar como reembolsado'); answers the payment's line of the one refunds list. 409 while a refund through the provider is under way */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pago_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefundOwed"];
                    };
                };
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/campanas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The restaurant's campaigns, newest first (at most 200), with what became of each: queued, sent, delivered, failed, pending, unsubscribed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Campana"][];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /** Create a draft campaign: an e-mail (subject and body) or a WhatsApp template with its variables, to an audience of the diners who consented to that channel for the restaurant */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CampanaForm"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Campana"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/campanas/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render a composed campaign with the data of a real diner of its audience (an example name when the audience is empty), with how many it reaches */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CampanaForm"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CampanaPreview"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/campanas/audiencia": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many people an audience reaches on a channel now (consenting for this restaurant only) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        canal: "email" | "whatsapp";
                        /**
                         * @description todos: everyone who consented to the channel for the restaurant; inactivos: not seen in dias days; puntos: more than puntos_min points there; oferta: bought cupon_id
                         * @enum {string}
                         */
                        audiencia: "todos" | "inactivos" | "puntos" | "oferta";
                        /** @enum {integer} */
                        dias?: 0 | 30 | 60 | 90;
                        puntos_min?: number;
                        cupon_id?: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total: number;
                        };
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/campanas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A campaign with its counts */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Campana"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        /** Change a draft (409 once scheduled or sent) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CampanaForm"];
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Campana"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        post?: never;
        /** Delete a draft (409 once scheduled or sent) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description No Content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/campanas/{id}/enviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a draft now (no programada_at, or a past one) or schedule it at programada_at (Unix seconds, within a year); the job queues it in throttled batches */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        programada_at?: number;
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Campana"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/clientes/{cliente_id}/campanas/{id}/cancelar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a draft, a scheduled campaign, or one being sent (who is queued stays queued, nobody more is) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    cliente_id: number;
                    id: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Campana"];
                    };
                };
                400: components["responses"]["BadRequest"];
                401: components["responses"]["Unauthorized"];
                403: components["responses"]["Forbidden"];
                404: components["responses"]["NotFound"];
                409: components["responses"]["Conflict"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/baja": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an unsubscribe link withdraws: the restaurant and channel, and whether it is withdrawn already (the /baja page reads it). A forged or altered token is 400 */
        get: {
            parameters: {
                query: {
                    /** @description the signed unsubscribe token of the e-mail's link */
                    t: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Baja"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        put?: never;
        /**
         * One-click unsubscribe (RFC 8058): withdraws the token's channel consent for its restaurant at once, no sign-in, idempotent
         * @description The body must be exactly List-Unsubscribe=One-Click, form-encoded (or multipart); anything else, or a forged or altered token, is 400 and changes nothing.
         */
        post: {
            parameters: {
                query: {
                    /** @description the signed unsubscribe token of the e-mail's link */
                    t: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        /** @constant */
                        "List-Unsubscribe": "One-Click";
                    };
                    "multipart/form-data": {
                        /** @constant */
                        "List-Unsubscribe": "One-Click";
                    };
                };
            };
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Baja"];
                    };
                };
                400: components["responses"]["BadRequest"];
                500: components["responses"]["Internal"];
                503: components["responses"]["Unavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: string;
        };
        Credentials: {
            /** Format: email */
            email: string;
            password: string;
            /** @description a long-lived device session (90 days), for a kitchen tablet; ignored for a super admin */
            mantener?: boolean;
            /** @description the device's label (default 'Tableta de cocina') */
            dispositivo?: string;
        };
        LoginResult: {
            token: string;
            /** @description The restaurant the session acts on (the only one, the one chosen, or the first). */
            cliente_id: number | null;
            merchant_id: string | null;
            is_superadmin: boolean;
            /**
             * @description The role at cliente_id; empty for a super admin.
             * @enum {string}
             */
            rol: "propietario" | "gerente" | "cocina" | "mesero" | "";
            /** @description Every restaurant the person works at (empty for a super admin). */
            restaurantes: components["schemas"]["StaffMembership"][];
        };
        SessionInfo: {
            /** @description The restaurant the session acts on (the only one, the one chosen, or the first). */
            cliente_id: number | null;
            merchant_id: string | null;
            is_superadmin: boolean;
            /**
             * @description The role at cliente_id; empty for a super admin.
             * @enum {string}
             */
            rol: "propietario" | "gerente" | "cocina" | "mesero" | "";
            /** @description Every restaurant the person works at (empty for a super admin). */
            restaurantes: components["schemas"]["StaffMembership"][];
        };
        Cliente: {
            id: number;
            nombre: string;
            merchant_id: string | null;
            email: string;
            /** @enum {string} */
            estado: "pendiente" | "activo" | "suspendido";
            /**
             * Format: date
             * @description The restaurant's next payment to the platform (billing): given to its propietario and the super admin; null for the rest of its staff.
             */
            fecha_proximo_pago: string | null;
            /**
             * @description the restaurant's language for Carta's e-mails
             * @enum {string}
             */
            idioma: "es" | "en";
            /** @enum {string} */
            pos_provider: "demo" | "clover";
            /** @description the POS is connected (a token, or the demo POS) */
            pos_conectado: boolean;
            /** @description the POS refused the connection: connect it again */
            pos_reconectar: boolean;
            /** @description the restaurant's own hosted-checkout webhook secret is set */
            webhook_secret_configurado: boolean;
            /** @description GET /api/clients only: when the restaurant's onboarding link not used yet expires (Unix seconds); absent when it has none */
            enlace_caduca?: number;
            /**
             * @description the restaurant's country (internal/locale/countries.json): it gives the restaurant's locale and, when set by the super admin, its currency (configuraciones.moneda) and time zone (the ordering settings' zona_horaria)
             * @enum {string}
             */
            pais: "ES" | "MX" | "US";
        };
        /** @description language → field → text */
        Translations: {
            [key: string]: {
                [key: string]: string;
            };
        };
        Settings: {
            logo: string;
            backgroundImage: string;
            cardColor: string;
            textColor: string;
            cardBorderRadius: string;
            fontSize: string;
            fontFamily: string;
            nombre_restaurante: string;
            telefono_contacto: string;
            ubicacion_google_maps: string;
            /** @description The restaurant's street address (where diners pick up their orders). */
            direccion: string;
            moneda: string;
            cliente_id: number;
            /** @description read-only: the restaurant's country (ES, MX, US) */
            pais: string;
            /**
             * @description read-only: the country's Spanish locale (how the es UI writes prices and dates)
             * @example es-ES
             */
            locale: string;
            /** @description read-only: the Intl locale of each UI language in the restaurant's country */
            locales: {
                /** @example es-ES */
                es: string;
                /** @example en-ES */
                en: string;
            };
            /**
             * @description read-only: the restaurant's time zone (its ordering settings', else its country's)
             * @example Europe/Madrid
             */
            zona_horaria: string;
            /** @description read-only: the menu's prices include the tax (the POS merchant's VAT setting as the last catalogue sync read it); the menu then says 'IVA incluido' / 'VAT included'. False: the tax is added at checkout. */
            impuestos_incluidos: boolean;
        };
        SettingsInput: {
            cliente_id: number | string;
            cardColor: string;
            textColor: string;
            /** @example 8px */
            cardBorderRadius: string;
            /** @example 16px */
            fontSize: string;
            /** @enum {string} */
            fontFamily: "Arial" | "Verdana" | "Tahoma" | "Georgia" | "Times New Roman" | "Courier New";
            nombre_restaurante?: string;
            telefono_contacto?: string;
            /** @description Empty, or an http(s) link (a Google Maps link); surrounding spaces are trimmed */
            ubicacion_google_maps?: string;
            /** @description The restaurant's street address (where diners pick up their orders). */
            direccion?: string;
            /** @example USD */
            moneda?: string;
        };
        Categoria: {
            id: number;
            name: string;
            image_path: string;
            cliente_id: number;
            translations: components["schemas"]["Translations"];
        };
        Subcategoria: {
            id: number;
            clover_category_id: string;
            name: string;
            position: number | null;
            translations: components["schemas"]["Translations"];
        };
        Producto: {
            id: number;
            name: string;
            description: string;
            /** @description cents */
            price: number;
            image_path: string;
            visible: boolean;
            translations: components["schemas"]["Translations"];
            /** @description cannot be ordered now: unavailable in the POS or sold out today */
            agotado: boolean;
            /** @description the owner marked it sold out for today (until the restaurant's midnight) */
            agotado_hoy: boolean;
            /** @description allergen codes, in Annex II order */
            alergenos: components["schemas"]["Alergeno"][];
            /** @description dietary tag codes */
            etiquetas: components["schemas"]["EtiquetaDieta"][];
            /** @description POS category ids, in the POS's order; only in the owner's list (GET /api/productos without category_id) */
            categorias?: string[];
        };
        Popup: {
            id: number;
            cliente_id: number;
            name: string;
            /** @description the owner's English name ('' when none); name is already in the asked language */
            name_en: string;
            file_url: string;
            /** @example image/jpeg */
            file_type: string;
            /** @description Unix seconds */
            created_at: number;
        };
        Upload: {
            /** Format: binary */
            file: string;
            cliente_id: number;
        };
        SyncResult: {
            categorias: number;
            productos: number;
            creados: number;
            actualizados: number;
            eliminados: number;
        };
        PosCategoria: {
            clover_category_id: string;
            subcategoria_nombre: string;
            position: number;
        };
        /** @description A name the POS gave, with the owner's Spanish and English names (absent: the POS's name) */
        NombrePOS: {
            /** @description the POS's id */
            id: string;
            /** @description the POS's name */
            name: string;
            translations: components["schemas"]["Translations"];
        };
        /** @description The modifier groups (with their modifiers) and tax rates the restaurant's products carry, with the owner's names */
        NombresPOS: {
            grupos: {
                id: string;
                name: string;
                translations: components["schemas"]["Translations"];
                modificadores: components["schemas"]["NombrePOS"][];
            }[];
            impuestos: {
                id: string;
                name: string;
                translations: components["schemas"]["Translations"];
                /** @description Clover's scale: 10% = 1000000 */
                rate: number;
            }[];
        };
        DinerSession: {
            token: string;
            usuario_id: number;
        };
        Usuario: {
            id: number;
            nombre: string;
            email: string;
            telefono: string;
            suscrito_mailing: boolean;
            whatsapp_notificaciones: boolean;
            /** @description consent to transactional SMS (issue 32) */
            sms_notificaciones: boolean;
            /**
             * @description the channel of the diner's order notices; whatsapp and sms need that channel's consent and a phone, else the notices go by e-mail
             * @enum {string}
             */
            avisos_canal: "email" | "whatsapp" | "sms";
            cliente_id: number | null;
        };
        Compra: {
            id: number;
            cliente_id: number;
            subtotal: number;
            fee: number;
            total: number;
            fecha_expiracion: number;
            paid_at: number;
            redeemed_at: number;
            created_at: number;
            restaurante: string;
            cupon_id: number | null;
            descripcion: string;
            /** @enum {string} */
            estado: "pagado" | "canjeado" | "expirado" | "fallido";
            codigo_voucher: string | null;
            moneda: string;
            /**
             * @description A payment taken for a voucher that could not be issued (the offer sold out): pendiente until the platform refunds it.
             * @enum {string}
             */
            reembolso: "" | "pendiente" | "reembolsado";
            /**
             * @description The restaurant's time zone (its ordering settings', else its country's): the voucher's dates are written in it.
             * @example Europe/Madrid
             */
            zona_horaria: string;
        };
        PuntosRestaurante: {
            cliente_id: number;
            restaurante: string;
            saldo: number;
            historial: {
                cliente_id: number;
                puntos: number;
                /** @description as recorded, in Spanish (the app words the entry from tipo and detalle) */
                motivo: string;
                /**
                 * @description what earned the points: a coupon purchase, an online order, or other (use motivo)
                 * @enum {string}
                 */
                tipo: "compra" | "pedido" | "";
                /** @description compra: the offer's title in the asked language; pedido: the order number */
                detalle: string;
                created_at: number;
            }[];
        };
        RestauranteResumen: {
            id: number;
            nombre: string;
            logo: string;
        };
        OutboxMessage: {
            id: number;
            /**
             * @description the channel it goes by
             * @enum {string}
             */
            channel: "email" | "whatsapp" | "sms";
            kind: string;
            to: string;
            subject: string;
            text: string;
            html: string;
            /** @description a WhatsApp message's approved template */
            template: string;
            /** @description the template's body variables, in order */
            params: string[];
            lang: string;
            /** @description the restaurant it is about (0: the platform's) */
            cliente_id: number;
            usuario_id: number;
            invitado_id: number;
            dedupe_key: string;
            /** @description a marketing e-mail's one-click unsubscribe link */
            unsubscribe_url: string;
            /** @description the message this one replaces (it failed for good on its channel) */
            fallback_of: number;
            /** @enum {string} */
            status: "pending" | "sent" | "failed";
            attempts: number;
            last_error: string;
            /** @description the provider's id of the accepted message */
            provider_id: string;
            /** @description what the provider's callbacks reported: sent, delivered, read, failed */
            delivery: string;
            delivery_at: number;
            created_at: number;
            sent_at: number;
            /** @description Unix seconds of the next send attempt */
            next_attempt_at: number;
        };
        /** @description precio and precio_final (after the discount) are cents; fecha_expiracion is Unix seconds */
        Cupon: {
            id: number;
            cliente_id: number;
            descuento: number;
            precio: number;
            precio_final: number;
            fecha_expiracion: number;
            cantidad_disponible: number;
            vendidos: number;
            codigo: string;
            titulo: string;
            descripcion: string;
            /** @description the owner's English title ('' when none); a diner's read has titulo already in the asked language */
            titulo_en: string;
            /** @description the owner's English description ('' when none) */
            descripcion_en: string;
            imagen_url: string;
            /** @enum {string} */
            estado: "activo" | "pausado" | "finalizado";
        };
        Fee: {
            id: number;
            compra_id: number;
            cliente_id: number;
            amount: number;
            attempts: number;
            created_at: number;
            charged_at: number;
            currency: string;
            charge_id: string;
            last_error: string;
            /** @enum {string} */
            estado: "pendiente" | "cobrado" | "fallido";
        };
        Refund: {
            compra_id: number;
            cliente_id: number;
            restaurante: string;
            email: string;
            descripcion: string;
            /** @description cents */
            total: number;
            moneda: string;
            /** @description agotado: the offer sold out while the diner paid */
            motivo: string;
            /** @description the provider's payment, to refund it */
            payment_id: string;
            /** @enum {string} */
            reembolso: "pendiente" | "reembolsado";
            paid_at: number;
            reembolsado_at: number;
            reembolso_detalle: components["schemas"]["RefundStatus"];
        };
        /** @description What Carta's demo checkout page shows: a coupon purchase (tipo compra: fee, compra_id), a pickup or table order (tipo pedido: impuestos, pedido_id, token) or a payment toward a table's tab (tipo cuenta: impuestos, propina, pago_id) */
        DemoCheckout: {
            /** @enum {string} */
            tipo: "compra" | "pedido" | "cuenta";
            descripcion: string;
            /** @description cents */
            subtotal: number;
            /** @description cents */
            fee?: number;
            /** @description cents */
            impuestos?: number;
            /** @description cents */
            total: number;
            moneda: string;
            restaurante: string;
            /** @enum {string} */
            estado: "pendiente" | "pagado" | "fallido" | "expirado" | "canjeado" | "pendiente_pago" | "recibido" | "en_preparacion" | "listo" | "entregado" | "cancelado";
            cliente_id: number;
            /** @description Unix seconds */
            expires_at: number;
            compra_id?: number;
            pedido_id?: number;
            /** @description the order page's secret */
            token?: string;
            /** @description cents: the tip of a tab payment */
            propina?: number;
            /** @description a tab payment */
            pago_id?: number;
            /** @description where the diner goes once paid (a table's order or payment: the tab's pages) */
            exito_url?: string;
            /** @description where 'back' goes after a decline (a tab payment: the tab) */
            volver_url?: string;
        };
        /** @description A voucher just redeemed: total in cents, redeemed_at in Unix seconds. */
        Voucher: {
            codigo: string;
            descripcion: string;
            /** @enum {string} */
            estado: "canjeado";
            total: number;
            redeemed_at: number;
        };
        OnlineModifier: {
            id: string;
            name: string;
            /** @description cents */
            price: number;
        };
        /** @description A modifier group: choose at least min_required and at most max_allowed */
        OnlineGroup: {
            group_id: string;
            name: string;
            min_required: number;
            /** @description 0: no maximum */
            max_allowed: number;
            modifiers: components["schemas"]["OnlineModifier"][];
        };
        OnlineTax: {
            id: string;
            name: string;
            /** @description Clover's scale: 10% = 1000000 */
            rate: number;
        };
        OnlineProduct: {
            id: number;
            name: string;
            description: string;
            /** @description cents */
            price: number;
            image_path: string;
            modifiers: components["schemas"]["OnlineGroup"][];
            taxes: components["schemas"]["OnlineTax"][];
            /** @description allergen codes, in Annex II order */
            alergenos: components["schemas"]["Alergeno"][];
            /** @description dietary tag codes */
            etiquetas: components["schemas"]["EtiquetaDieta"][];
        };
        OnlineCategory: {
            /** @description the POS category id */
            id: string;
            name: string;
            productos: components["schemas"]["OnlineProduct"][];
        };
        OnlineMenu: {
            categorias: components["schemas"]["OnlineCategory"][];
            moneda: string;
        };
        /** @description A cart line: prices are never read from the client */
        LineRequest: {
            product_id: number;
            quantity: number;
            modifier_ids?: string[];
        };
        ChosenModifier: {
            id: string;
            name: string;
            /** @description cents */
            price: number;
            group_id: string;
            group_name: string;
        };
        QuoteLine: {
            /** @description index of the line in the request */
            position: number;
            product_id: number;
            name: string;
            quantity: number;
            modifiers: components["schemas"]["ChosenModifier"][];
            /** @description cents: item + modifiers */
            unit_price: number;
            /** @description cents: unit_price × quantity */
            subtotal: number;
        };
        TaxLine: {
            id: string;
            name: string;
            /** @description Clover's scale: 10% = 1000000 */
            rate: number;
            /** @description cents */
            amount: number;
        };
        /** @description The server's pricing of a cart: taxes per tax rate over the order, rounded half up (Clover's rule) */
        Quote: {
            lines: components["schemas"]["QuoteLine"][];
            /** @description cents */
            subtotal: number;
            /** @description cents */
            taxes: number;
            /** @description cents */
            total: number;
            tax_details: components["schemas"]["TaxLine"][];
            /** @description the restaurant's tax mode (its POS merchant's VAT setting): true, prices include the tax (total = subtotal = the sum of the prices; taxes and tax_details are the part of it that is tax, 'IVA incluido'); false, the tax is added (total = subtotal + taxes) */
            impuestos_incluidos: boolean;
        };
        Hours: {
            /** @description 0 = Sunday */
            dia: number;
            /** @description HH:MM */
            abre: string;
            /** @description HH:MM, after abre; 24:00 is midnight */
            cierra: string;
        };
        Slot: {
            /** @description Unix seconds */
            at: number;
            /** @description local HH:MM */
            hora: string;
        };
        Availability: {
            activo: boolean;
            pausado: boolean;
            pausado_hasta: number;
            preparacion_min: number;
            zona_horaria: string;
            abierto: boolean;
            lo_antes_posible: components["schemas"]["Slot"] | null;
            franjas: components["schemas"]["Slot"][];
            horario_hoy: components["schemas"]["Hours"][];
            /** @enum {string} */
            motivo: "" | "inactivo" | "pausado" | "cerrado" | "lleno";
        };
        OrderConfig: {
            activo: boolean;
            preparacion_min: number;
            horario: components["schemas"]["Hours"][];
            /** @description 0: no maximum */
            pedidos_por_franja: number;
            /** @description Unix seconds; 0: not paused */
            pausado_hasta: number;
            /** @description IANA time zone */
            zona_horaria: string;
            /** @description Board: minutes since payment after which a card turns amber; 0 (with aviso_rojo_min 0): the preparation time (at least 5). */
            aviso_ambar_min: number;
            /** @description Board: minutes since payment after which a card turns red ('Retrasado'), above aviso_ambar_min; 0: twice the amber. */
            aviso_rojo_min: number;
            /** @description Board: accepting a new order also starts it (one tap, the default); false: the two steps, 'Visto' then 'Empezar preparación'. */
            un_toque: boolean;
        };
        OrderPlaced: {
            pedido_id: number;
            /** @description the order page's secret (X-Pedido-Token) */
            token: string;
            checkout_url: string;
            /** @description cents */
            total: number;
            moneda: string;
            recoger_at: number;
        };
        OrderLine: {
            nombre: string;
            cantidad: number;
            /** @description cents */
            precio_unitario: number;
            modificadores: components["schemas"]["ChosenModifier"][];
            /** @description cents */
            subtotal: number;
        };
        /** @description An order as its diner follows it: products, modifiers and taxes named in the language the order was placed in */
        OrderTracking: {
            id: number;
            cliente_id: number;
            restaurante: string;
            numero: number;
            /** @enum {string} */
            estado: "pendiente_pago" | "recibido" | "en_preparacion" | "listo" | "entregado" | "cancelado" | "fallido" | "expirado";
            nombre: string;
            recoger_at: number;
            lo_antes_posible: boolean;
            /** @description cents */
            subtotal: number;
            /** @description cents */
            impuestos: number;
            /** @description cents */
            total: number;
            moneda: string;
            lineas: components["schemas"]["OrderLine"][];
            /** @description the tax of each rate, named in the order's language */
            detalle_impuestos: components["schemas"]["TaxLine"][];
            /** @description the tax mode the order was priced in: true, prices included the tax (total = subtotal; impuestos is the part of it that is tax); false, the tax was added on top */
            impuestos_incluidos: boolean;
            nota: string;
            motivo_cancelacion: string;
            /** @enum {string} */
            reembolso: "" | "pendiente" | "reembolsado";
            zona_horaria: string;
            created_at: number;
            paid_at: number;
            updated_at: number;
            /** @description The restaurant's street address ('' when not set). */
            direccion: string;
            /** @description The restaurant's contact phone as written ('' when not set). */
            telefono_restaurante: string;
            /** @description Directions: the restaurant's Google Maps link, else a Google Maps search for its name and address; '' with neither. */
            mapa_url: string;
            /** @description the table of a table's order; null: pickup */
            mesa?: components["schemas"]["TableRef"] | null;
            /** @description the table's tab; 0: pickup */
            cuenta_id?: number;
        };
        /** @description An order as the restaurant's staff see it */
        Pedido: {
            id: number;
            cliente_id: number;
            numero: number;
            /** @enum {string} */
            estado: "pendiente_pago" | "recibido" | "en_preparacion" | "listo" | "entregado" | "cancelado" | "fallido" | "expirado";
            nombre: string;
            telefono: string;
            email: string;
            nota: string;
            recoger_at: number;
            lo_antes_posible: boolean;
            /** @description cents */
            subtotal: number;
            /** @description cents */
            impuestos: number;
            detalle_impuestos: components["schemas"]["TaxLine"][];
            /** @description the tax mode the order was priced in: true, prices included the tax (total = subtotal; impuestos is the part of it that is tax); false, the tax was added on top */
            impuestos_incluidos: boolean;
            /** @description cents */
            total: number;
            moneda: string;
            lineas: components["schemas"]["OrderLine"][];
            /**
             * @description The order in the restaurant's POS: '' (no POS), pendiente or error (to create; pos_error says why the last attempt failed), creado; once cancelled: anular (to delete from the POS; pos_error after a failed attempt), anulado (deleted, or never created), no_anulado (the POS refused to delete it: pos_error; the staff delete it in the POS).
             * @enum {string}
             */
            pos_estado: "" | "pendiente" | "creado" | "error" | "anular" | "anulado" | "no_anulado";
            pos_error: string;
            pos_intentos: number;
            motivo_cancelacion: string;
            /** @enum {string} */
            reembolso: "" | "pendiente" | "reembolsado";
            reembolso_detalle: components["schemas"]["RefundStatus"];
            visto: boolean;
            paid_at: number;
            updated_at: number;
            created_at: number;
            restaurante: string;
            /** @description the table of a table's order; null: pickup */
            mesa?: components["schemas"]["TableRef"] | null;
            /** @description the table's tab; 0: pickup */
            cuenta_id?: number;
        };
        Board: {
            /** @description YYYY-MM-DD in the restaurant's time */
            dia: string;
            pedidos: components["schemas"]["Pedido"][];
            resumen: {
                pedidos: number;
                /** @description cents */
                subtotal: number;
                /** @description cents */
                impuestos: number;
                /** @description cents */
                total: number;
                moneda: string;
                por_estado: {
                    [key: string]: number;
                };
                cancelados: number;
            };
            config: components["schemas"]["OrderConfig"];
        };
        Oversight: {
            clientes: {
                pendiente: number;
                activo: number;
                suspendido: number;
                reconectar: number;
            };
            /** @description messages per status (pending, sent, failed) */
            outbox: {
                [key: string]: number;
            };
            fees_fallidas: number;
            /** @description coupon purchases to refund */
            reembolsos_pendientes: number;
            /** @description cancelled orders to refund */
            pedidos_reembolso_pendientes: number;
            /** @description tab payments with a part still owed back */
            cuentas_reembolso_pendientes: number;
        };
        OrderRefund: {
            pedido_id: number;
            cliente_id: number;
            restaurante: string;
            numero: number;
            email: string;
            /** @description cents */
            total: number;
            moneda: string;
            /** @description why the order was cancelled */
            motivo: string;
            payment_id: string;
            /** @enum {string} */
            reembolso: "pendiente" | "reembolsado";
            paid_at: number;
            reembolsado_at: number;
            reembolso_detalle: components["schemas"]["RefundStatus"];
        };
        RefundOwed: {
            /**
             * @description the checkout kind of the purchase: a coupon purchase, an online order or a table's tab payment (only the part of it owed back)
             * @enum {string}
             */
            tipo: "cupon" | "pedido" | "cuenta";
            /** @description the kind's id of the purchase (compra_id, pedido_id, the tab payment's pago_id) */
            id: number;
            cliente_id: number;
            restaurante: string;
            /** @description what was bought (a coupon's description; for a tab payment, its table's own name, empty when it has none; empty for an order) */
            descripcion: string;
            /** @description the order's number (0 for a coupon; for a tab payment, its table's number) */
            numero: number;
            email: string;
            /** @description cents: what is owed back (the whole payment; for a tab payment, the part of it owed back) */
            total: number;
            moneda: string;
            /** @description why the payment is owed back (an order's cancellation reason; 'agotado' for a coupon) */
            motivo: string;
            payment_id: string;
            /** @enum {string} */
            reembolso: "pendiente" | "reembolsado";
            paid_at: number;
            reembolsado_at: number;
            reembolso_detalle: components["schemas"]["RefundStatus"];
        };
        NewCliente: {
            nombre: string;
            email?: string;
            /** @description optional */
            merchant_id?: string;
            /** @enum {string} */
            idioma?: "es" | "en";
            /** @description ES, MX or US (any case; default US). Sets the currency (EUR, MXN, USD), the locale and the time zone (Europe/Madrid, America/Mexico_City, America/New_York). Another code: 400 'El país debe ser uno de: ES, MX, US.' */
            pais?: string;
        };
        ClienteEdit: {
            nombre?: string;
            email?: string;
            /** @description empty: none */
            merchant_id?: string;
            /** Format: date */
            fecha_proximo_pago?: string;
            /** @enum {string} */
            idioma?: "es" | "en";
            /**
             * @description suspendido suspends; activo reactivates (pendiente until password and POS)
             * @enum {string}
             */
            estado?: "activo" | "suspendido";
            /** @description moves the restaurant to another country: its currency and time zone become the country's (unchanged when it is the same country); an empty or unknown code: 400 */
            pais?: string;
        };
        Vino: {
            id: number;
            cliente_id: number;
            nombre: string;
            /** @description producer */
            bodega: string;
            /** @description vintage; null: sin añada */
            anio: number | null;
            region: string;
            pais: string;
            /** @description grapes, comma-and-space separated, each optionally with its percentage ("Tempranillo 85%, Garnacha 15%") */
            variedad_uva: string;
            /** @enum {string} */
            tipo: "tinto" | "blanco" | "rosado" | "espumoso" | "generoso" | "dulce" | "Desconocido";
            /** @description alcohol by volume, % (0: unknown) */
            graduacion: number;
            descripcion: string;
            descripcion_en: string;
            /** @description pairings, comma-and-space separated */
            maridaje: string;
            etiqueta_url: string;
            /** @description bottle price in cents */
            precio: number;
            /** @description glass price in cents; null: not by the glass */
            precio_copa: number | null;
            /** @enum {integer} */
            disponible: 0 | 1;
            updated_at: number;
        };
        /** @description A wine. POST: nombre required (precio defaults to 4550). PUT: nombre and precio required, or only disponible to show or hide it. */
        VinoInput: {
            nombre?: string;
            /** @description producer */
            bodega?: string;
            /** @description vintage; null: sin añada */
            anio?: number | null;
            region?: string;
            pais?: string;
            /** @description grapes, comma-and-space separated, each optionally with its percentage ("Tempranillo 85%, Garnacha 15%") */
            variedad_uva?: string;
            /** @description tinto, blanco, rosado, espumoso, generoso, dulce or Desconocido (case-insensitive; empty: Desconocido) */
            tipo?: string;
            /** @description alcohol by volume, % (0: unknown) */
            graduacion?: number;
            descripcion?: string;
            descripcion_en?: string;
            /** @description pairings, comma-and-space separated */
            maridaje?: string;
            etiqueta_url?: string;
            /** @description bottle price in cents */
            precio?: number;
            /** @description glass price in cents; null: not by the glass */
            precio_copa?: number | null;
            /** @enum {integer} */
            disponible?: 0 | 1;
            /** @description the restaurant (a super admin must name it) */
            cliente_id?: number | string;
        };
        WineLookup: {
            nombre: string;
            bodega: string;
            anio: string;
            region: string;
            pais: string;
            tipo: string;
            uvas: string[];
            maridaje: string[];
            descripcion: string;
            /** @description the fields the lookup inferred */
            inferidos: string[];
            /** @enum {string} */
            fuente: "builtin" | "openai";
        };
        Cava: {
            cliente_id: number;
            nombre: string;
            vinos: number;
        };
        /**
         * @description An allergen of Regulation (EU) 1169/2011, Annex II
         * @enum {string}
         */
        Alergeno: "gluten" | "crustaceos" | "huevos" | "pescado" | "cacahuetes" | "soja" | "leche" | "frutos_cascara" | "apio" | "mostaza" | "sesamo" | "sulfitos" | "altramuces" | "moluscos";
        /**
         * @description A dietary tag
         * @enum {string}
         */
        EtiquetaDieta: "vegetariano" | "vegano" | "sin_gluten" | "picante";
        ResumenDia: {
            /** Format: date */
            fecha: string;
            pedidos: number;
            ventas_pedidos: number;
            /** @description cents: tips paid at the tables (the staff's, not revenue) */
            propinas: number;
            cupones: number;
            ventas_cupones: number;
        };
        ResumenTotales: {
            pedidos: number;
            ventas_pedidos: number;
            /** @description cents: tips paid at the tables (the staff's, not revenue) */
            propinas: number;
            cupones: number;
            ventas_cupones: number;
            ingresos: number;
        };
        Resumen: {
            moneda: string;
            zona_horaria: string;
            dias: number;
            hoy: components["schemas"]["ResumenTotales"];
            periodo: components["schemas"]["ResumenTotales"];
            serie: components["schemas"]["ResumenDia"][];
            fees?: components["schemas"]["ResumenFees"];
        };
        /** @description The platform's fees (cents) charged to the restaurant per coupon sold, and how much of them was collected from the card on file: billing, so present only in the owner's and the super admin's summary (a manager's has no fees). */
        ResumenFees: {
            hoy: number;
            hoy_cobrados: number;
            periodo: number;
            periodo_cobrados: number;
            /** @description per day, in the order of Resumen.serie */
            serie: number[];
        };
        /** @description A customer of the restaurant with the figures of that restaurant only: a diner with an account, or a guest (invitado) who paid an online order without one. email is "" unless they accepted e-mails (a diner's suscrito_mailing, a guest's 'quiero recibir novedades' at the checkout), telefono "" unless a diner accepted WhatsApp messages (never a guest's). */
        Comensal: {
            /** @description the account's id, or the guest's when invitado */
            id: number;
            /** @description a guest (no account); a guest claimed by registering with the same e-mail is that account's row */
            invitado: boolean;
            nombre: string;
            email: string;
            telefono: string;
            /** @description Unix seconds of the diner's last visit to this restaurant */
            ultima_visita: number;
            /** @description Unix seconds of the account's creation, or of the guest's first paid order */
            registrado_at: number;
            /** @description coupons bought here (paid or redeemed) */
            cupones: number;
            /** @description online orders paid here and not cancelled */
            pedidos: number;
            /** @description cents spent here: coupons' prices plus paid orders' totals (a claimed guest's orders included) */
            gastado: number;
            /** @description points balance at this restaurant */
            puntos: number;
        };
        Comensales: {
            usuarios: components["schemas"]["Comensal"][];
            /** @description diners matching the search */
            total: number;
            /** @description cursor of the next page; "" when this is the last */
            siguiente: string;
            /** @description the restaurant's currency (ISO 4217) */
            moneda: string;
        };
        ResetSent: {
            mensaje: string;
        };
        ResetLinkState: {
            /**
             * @description valido: the form can be shown; usado: already spent; caducado: expired; reemplazado: a newer link was requested; invalido: unknown, or another kind of account's link
             * @enum {string}
             */
            estado: "valido" | "usado" | "caducado" | "reemplazado" | "invalido";
            /** @description the account's e-mail while the link is valid, else "" */
            email: string;
        };
        /** @description Where the refund of a payment through the payment provider stands (internal/refunds). */
        RefundStatus: {
            /**
             * @description the latest refund: '' (none asked yet), pendiente (the provider is being asked, or answered pending), reembolsado, fallido (codigo and motivo say why)
             * @enum {string}
             */
            estado: "" | "pendiente" | "reembolsado" | "fallido";
            /** @description marked refunded by hand ('Marcar como reembolsado') */
            manual: boolean;
            /** @description cents */
            monto: number;
            /** @description the provider's refund id */
            proveedor_id: string;
            /** @description why it failed, in Carta's words: rechazado (the provider refused: motivo), fallido (the provider reported it failed), acceso (the provider refused the restaurant's credentials), sin_respuesta (no answer after several attempts: 'Reintentar' asks again under the same idempotency key), or a reason of sin_automatico */
            codigo: string;
            /** @description the provider's own words about the failure */
            motivo: string;
            /** @description times the provider was asked */
            intentos: number;
            /** @description the provider can refund the payment from Carta ('Reembolsar'); otherwise only the manual mark */
            automatico: boolean;
            /**
             * @description why the provider cannot: no payment recorded, another provider took it, no provider connected, the connection must be made again, the provider does not refund through Carta
             * @enum {string}
             */
            sin_automatico: "" | "sin_pago" | "otro_proveedor" | "sin_proveedor" | "reconectar" | "no_disponible";
            updated_at: number;
        };
        /** @description The restaurant's first-run checklist, each step's flag computed from its data: pos (the POS connected and not refused), menu (synced), marca (a logo of its own or colours changed), horario (online ordering on with opening hours), pedido (a paid order), qr (the QR codes printed or downloaded, recorded by PUT …/primeros-pasos/qr). completo: every step done (the panel stops showing it). */
        PrimerosPasos: {
            pasos: {
                /** @enum {string} */
                clave: "pos" | "menu" | "marca" | "horario" | "pedido" | "qr";
                hecho: boolean;
            }[];
            completo: boolean;
        };
        /** @description What a restaurant's privacy notice (/privacidad/{cliente_id}) is written from: who is responsible and how to reach it, the country and the notice's name there, and the text its owner adds. */
        Privacidad: {
            cliente_id: number;
            /** @description the restaurant's country (ISO 3166-1 alpha-2: ES, MX, US) */
            pais: string;
            /**
             * @description the notice's name in that country: politica ('Política de privacidad', Spain) or aviso ('Aviso de privacidad': Mexico, the US)
             * @enum {string}
             */
            tipo: "politica" | "aviso";
            /** @description who is responsible for the data: the restaurant's name as its menu shows it */
            responsable: string;
            /** @description the restaurant's address ('' when not set) */
            direccion: string;
            /** @description the restaurant's contact phone ('' when not set) */
            telefono: string;
            /** @description what the owner adds to the notice ('' none) */
            texto: string;
        };
        StaffMembership: {
            cliente_id: number;
            nombre: string;
            merchant_id: string | null;
            rol: components["schemas"]["StaffRole"];
        };
        /**
         * @description A staff person's role at one restaurant: propietario (everything, including the card, fees and staff), gerente (everything but billing and staff), cocina (the order board, pausing orders, sold-out today), mesero (the board, voucher redemption, the menu read-only).
         * @enum {string}
         */
        StaffRole: "propietario" | "gerente" | "cocina" | "mesero";
        /** @description One action of the audit log (append-only: no route edits or deletes it) */
        Actividad: {
            /** @description the keyset: pass the last one's as antes= for older actions */
            id: number;
            cliente_id: number;
            /** @description the restaurant's name */
            restaurante: string;
            /** @description the e-mail of who acted, as it was then; "" for the platform itself */
            actor: string;
            /** @description the action: pedido.cancelar, pedido.reembolsar, pedido.reembolso_manual, compra.reembolsar, compra.reembolso_manual, producto.visibilidad, producto.agotado, pedidos.config, pedidos.pausa, cupon.estado, cupon.crear, comensales.exportar, pos.conectar, pos.webhook_secret, pos.sincronizar, tarjeta.registrar, privacidad.texto, equipo.* */
            accion: string;
            /** @description what it acted on (an order, products, an offer...) */
            objeto: string;
            /** @description the particulars (reason, amount in cents and currency, new value); never a secret */
            detalle: string;
            /** @description the address the request came from */
            ip: string;
            /** @description unix seconds */
            created_at: number;
            /** @description the restaurant's time zone (IANA), to write created_at in */
            zona_horaria: string;
        };
        ActividadPage: {
            /** @description newest first */
            actividad: components["schemas"]["Actividad"][];
            /** @description antes= of the next page; null when this is the last */
            siguiente: number | null;
        };
        /** @description A person of a restaurant's staff */
        Persona: {
            staff_user_id: number;
            email: string;
            rol: components["schemas"]["StaffRole"];
            /** @description Unix seconds of the last sign-in; 0: never */
            ultimo_acceso: number;
            /** @description Unix seconds the person joined this restaurant */
            desde: number;
        };
        /** @description A pending invitation (its link is only e-mailed) */
        Invitacion: {
            id: number;
            email: string;
            rol: components["schemas"]["StaffRole"];
            creada: number;
            /** @description Unix seconds; the link works until then (7 days) */
            caduca: number;
        };
        /** @description An open staff session */
        SesionStaff: {
            /** @description public id: random, never the token or its hash */
            id: string;
            staff_user_id: number;
            email: string;
            /** @description the device label of a long-lived device session (a kitchen tablet); empty for a browser sign-in */
            dispositivo: string;
            /** @description the browser and system the session was opened from, read from its User-Agent ("Chrome · Android", "Safari · iPhone"); empty when unknown */
            navegador: string;
            ip: string;
            creada: number;
            /** @description Unix seconds, updated at most once a minute */
            ultimo_uso: number;
            caduca: number;
            /** @description the caller's own session */
            actual: boolean;
        };
        /** @description A restaurant's 'Equipo' page */
        Equipo: {
            personas: components["schemas"]["Persona"][];
            invitaciones: components["schemas"]["Invitacion"][];
            sesiones: components["schemas"]["SesionStaff"][];
        };
        InvitacionEstado: {
            /** @enum {string} */
            estado: "valido" | "usado" | "caducado" | "reemplazado" | "invalido";
            /** @description the restaurant's name while the link is valid, else "" */
            restaurante: string;
            /** @enum {string} */
            rol: "propietario" | "gerente" | "cocina" | "mesero" | "";
            email: string;
            /** @description the person already has a staff account: they accept with its password */
            cuenta_existente: boolean;
        };
        /** @description A restaurant's table */
        TableRef: {
            id: number;
            numero: number;
            /** @description the table's name ('Terraza 1'); empty: 'Mesa {numero}' */
            nombre: string;
        };
        /** @description The tips a restaurant suggests; 'Sin propina' and 'Otra cantidad' are always offered when activo */
        TipSettings: {
            /** @description false: no tips offered (usual in Spain) */
            activo: boolean;
            porcentajes: number[];
            /** @description the suggested percentage (one of porcentajes), marked as such; never preselected: the diner chooses */
            defecto: number;
        };
        TabAccess: {
            id: number;
            /** @description the tab's bearer secret for the phones at the table (X-Cuenta-Token or ?t=); it stops working when the tab is paid or closed */
            token: string;
        };
        /** @description What a table's QR opens */
        TableInfo: {
            cliente_id: number;
            mesa: components["schemas"]["TableRef"];
            /**
             * @description por_pedido: each order is paid before the kitchen sees it; al_final: orders go to the kitchen and the tab is paid at the end (a new tab's first order waits for a waiter)
             * @enum {string}
             */
            modo: "por_pedido" | "al_final";
            propinas: components["schemas"]["TipSettings"];
            moneda: string;
            recoger_activo: boolean;
            /** @description the table's open tab, which this phone joins; null: the next order opens one */
            cuenta: components["schemas"]["TabAccess"] | null;
        };
        TableOrderPlaced: {
            pedido_id: number;
            /** @description the order page's secret */
            token: string;
            cuenta: components["schemas"]["TabAccess"];
            /** @description por_pedido: the hosted checkout to pay this order; al_final: empty */
            checkout_url: string;
            /** @description cents */
            total: number;
            moneda: string;
            /** @enum {string} */
            estado: "pendiente_pago" | "por_aceptar" | "recibido";
        };
        TabLine: {
            /** @description '{pedido_id}-{posicion}' */
            id: string;
            pedido_id: number;
            nombre: string;
            cantidad: number;
            modificadores: string[];
            /** @description cents the diner pays for the line (tax included) */
            importe: number;
            /** @description the part of importe that is tax (its share of the order's tax) */
            impuestos: number;
            /** @enum {string} */
            estado_pago: "libre" | "en_pago" | "pagada";
        };
        TabOrder: {
            id: number;
            /** @description 0 until it reaches the kitchen */
            numero: number;
            /** @enum {string} */
            estado: "por_aceptar" | "pendiente_pago" | "recibido" | "en_preparacion" | "servido" | "cancelado" | "fallido" | "expirado";
            created_at: number;
            /** @description cents */
            total: number;
            lineas: components["schemas"]["TabLine"][];
        };
        TabSplit: {
            partes: number;
            /** @description cents split */
            base: number;
            pagadas: number;
            en_pago: number;
            /** @description the next free share's amount; 0 when every share is taken */
            siguiente: number;
        };
        TabPayment: {
            id: number;
            /** @enum {string} */
            modo: "todo" | "partes" | "lineas" | "mesa";
            /** @enum {string} */
            metodo: "tarjeta" | "efectivo" | "terminal";
            parte: number;
            /** @description what it covers of the tab, tax included */
            importe: number;
            /** @description the pre-tax part of importe: the tip's base */
            base: number;
            /** @description cents */
            propina: number;
            /** @description importe + propina: what was charged */
            total: number;
            /** @enum {string} */
            estado: "pendiente_pago" | "pagado" | "fallido" | "expirado" | "cancelado";
            paid_at: number;
            /** @description staff who recorded a payment at the table; empty for diners' payments */
            registrado_por: string;
            /** @description cents of this payment owed back to the diner (it arrived for what was paid meanwhile, or an order of the tab was cancelled after it was paid): refunded from the super admin's refunds list (kind 'cuenta') */
            reembolso: number;
            /**
             * @description where the part owed back stands: '' nothing owed back, pendiente (to give back or being given back), reembolsado
             * @enum {string}
             */
            reembolso_estado: "" | "pendiente" | "reembolsado";
        };
        TabTax: {
            nombre: string;
            /** @description Clover's scale: 10% = 1,000,000 */
            tasa: number;
            /** @description cents */
            importe: number;
        };
        /** @description A table's tab as the phones at the table and the staff see it: lines, totals, what is paid and what remains (no diner's name, e-mail or phone) */
        Tab: {
            id: number;
            cliente_id: number;
            restaurante: string;
            mesa: components["schemas"]["TableRef"];
            /** @enum {string} */
            estado: "por_aceptar" | "abierta" | "pagada" | "cerrada";
            /**
             * @description por_pedido: each order is paid before the kitchen sees it; al_final: orders go to the kitchen and the tab is paid at the end (a new tab's first order waits for a waiter)
             * @enum {string}
             */
            modo: "por_pedido" | "al_final";
            moneda: string;
            abierta_at: number;
            impuestos_incluidos: boolean;
            /** @description pre-tax */
            subtotal: number;
            impuestos: number;
            detalle_impuestos: components["schemas"]["TabTax"][];
            /** @description what the tab's orders cost */
            total: number;
            /** @description paid: orders paid one by one and tab payments */
            pagado: number;
            /** @description held by payments under way */
            en_pago: number;
            /** @description total - pagado - en_pago */
            restante: number;
            /** @description tips paid */
            propina_total: number;
            division: components["schemas"]["TabSplit"] | null;
            propinas: components["schemas"]["TipSettings"];
            pedidos: components["schemas"]["TabOrder"][];
            pagos: components["schemas"]["TabPayment"][];
            /** @description why staff closed it with something unpaid */
            motivo: string;
        };
        TabPaymentStarted: {
            pago_id: number;
            /** @description the payment's receipt secret (?p=) */
            token: string;
            checkout_url: string;
            importe: number;
            base: number;
            propina: number;
            total: number;
            moneda: string;
        };
        TabReceipt: {
            pago: components["schemas"]["TabPayment"];
            cuenta_id: number;
            /** @enum {string} */
            cuenta_estado: "por_aceptar" | "abierta" | "pagada" | "cerrada";
            mesa: components["schemas"]["TableRef"];
            restaurante: string;
            moneda: string;
            impuestos_incluidos: boolean;
            /** @description what remains of the tab now */
            restante: number;
        };
        TableSetting: {
            id: number;
            numero: number;
            nombre: string;
            /** @description the printed QR's secret: /mesa/{cliente_id}/{codigo} */
            codigo: string;
            url: string;
        };
        TablesSettings: {
            mesas: components["schemas"]["TableSetting"][];
            /**
             * @description por_pedido: each order is paid before the kitchen sees it; al_final: orders go to the kitchen and the tab is paid at the end (a new tab's first order waits for a waiter)
             * @enum {string}
             */
            modo: "por_pedido" | "al_final";
            propinas: components["schemas"]["TipSettings"];
            recoger_activo: boolean;
        };
        TableQRCodes: {
            mesas: {
                id: number;
                /** @description the QR code of the table's url, an SVG document */
                svg: string;
            }[];
        };
        StaffTabs: {
            cuentas: components["schemas"]["Tab"][];
            mesas: components["schemas"]["TableRef"][];
        };
        CampanaForm: {
            nombre: string;
            /** @enum {string} */
            canal: "email" | "whatsapp";
            /** @description e-mail: the subject; {nombre} and {restaurante} are filled per diner */
            asunto?: string;
            /** @description e-mail: the text; {nombre} and {restaurante} are filled per diner; the unsubscribe footer is added */
            cuerpo?: string;
            /** @description WhatsApp: the approved template's name */
            plantilla?: string;
            /** @description WhatsApp: the template's body variables, in order */
            variables?: string[];
            /** @enum {string} */
            idioma?: "es" | "en";
            /**
             * @description todos: everyone who consented to the channel for the restaurant; inactivos: not seen in dias days; puntos: more than puntos_min points there; oferta: bought cupon_id
             * @enum {string}
             */
            audiencia: "todos" | "inactivos" | "puntos" | "oferta";
            /** @enum {integer} */
            dias?: 0 | 30 | 60 | 90;
            puntos_min?: number;
            cupon_id?: number;
        };
        Campana: {
            nombre: string;
            /** @enum {string} */
            canal: "email" | "whatsapp";
            asunto: string;
            cuerpo: string;
            plantilla: string;
            variables: string[];
            /** @enum {string} */
            idioma: "es" | "en";
            /**
             * @description todos: everyone who consented to the channel for the restaurant; inactivos: not seen in dias days; puntos: more than puntos_min points there; oferta: bought cupon_id
             * @enum {string}
             */
            audiencia: "todos" | "inactivos" | "puntos" | "oferta";
            dias: number;
            puntos_min: number;
            cupon_id: number;
            id: number;
            cliente_id: number;
            /** @enum {string} */
            estado: "borrador" | "programada" | "enviando" | "enviada" | "cancelada";
            programada_at: number;
            iniciada_at: number;
            enviada_at: number;
            created_at: number;
            updated_at: number;
            cuentas: {
                en_cola: number;
                enviados: number;
                entregados: number;
                fallidos: number;
                pendientes: number;
                bajas: number;
            };
        };
        CampanaPreview: {
            asunto: string;
            texto: string;
            html: string;
            plantilla: string;
            variables: string[];
            /** @description the name of the real diner it is rendered for */
            destinatario: string;
            /** @description nobody in the audience yet: an example name is used */
            ejemplo: boolean;
            /** @description how many it reaches now */
            total: number;
        };
        Baja: {
            restaurante: string;
            /** @enum {string} */
            canal: "email" | "whatsapp";
            de_baja: boolean;
        };
        /** @description One of a diner's open sessions as the diner sees it ('Manejar Cuenta'): no address */
        SesionUsuario: {
            /** @description public id: random, never the token or its hash */
            id: string;
            /** @description the browser and system the session was opened from, read from its User-Agent ("Chrome · Android", "Safari · iPhone"); empty when unknown */
            navegador: string;
            creada: number;
            /** @description Unix seconds, updated at most once a minute */
            ultimo_uso: number;
            caduca: number;
            /** @description the caller's own session */
            actual: boolean;
        };
    };
    responses: {
        /** @description Malformed input */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No, invalid or expired token */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Wrong role or another restaurant */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Not found */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many attempts (sign-in or sign-up); Retry-After says when to try again */
        TooMany: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The cached copy (If-None-Match) is current */
        NotModified: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description An unexpected failure (logged; its details are never sent) */
        Internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The server is busy (password hashing, image processing) or a provider is down; Retry-After says when to try again when known */
        Busy: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with the current state */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The database cannot be reached right now: the call changed nothing; Retry-After says when to try again */
        Unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The tab is closed (paid or closed by staff): the phone's access ended */
        Gone: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
