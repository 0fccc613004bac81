"""The class's JupyterHub, by concern, for jupyterhub_config.py to put together: who logs in and
as whom (authentication), where and how each student's server runs (spawners), and the hub's own
services and their roles (services). Each is JupyterHub's, DockerSpawner's, oauthenticator's or
ltiauthenticator's own settings and hooks; nothing here replaces one of them."""
