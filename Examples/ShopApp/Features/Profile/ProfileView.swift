import SwiftUI

struct ProfileView: View {
    @ObservedObject var viewModel: ProfileViewModel
    @EnvironmentObject private var session: SessionStore

    var body: some View {
        List {
            Section {
                ProfileHeaderView(viewModel: viewModel)
            }

            if let profile = viewModel.profile {
                Section("Account") {
                    LabeledContent("Email", value: profile.email)
                    if let memberSince = viewModel.memberSinceText {
                        LabeledContent("Member since", value: memberSince)
                    }
                }
            } else if let message = viewModel.errorMessage {
                Section {
                    Text(message)
                        .foregroundStyle(.secondary)
                }
            }

            Section {
                NavigationLink("Settings") {
                    SettingsView()
                }
                if session.isSignedIn {
                    Button("Sign out", role: .destructive) {
                        session.signOut()
                        viewModel.clear()
                    }
                }
            }
        }
        .overlay {
            if viewModel.isLoading && viewModel.profile == nil {
                ProgressView()
            }
        }
        .navigationTitle("Profile")
        .task(id: session.userID) {
            guard let userID = session.userID else { return }
            await viewModel.load(userID: userID)
        }
    }
}

struct ProfileHeaderView: View {
    // Handed down by ProfileView
    let viewModel: ProfileViewModel

    var body: some View {
        HStack(spacing: 16) {
            if let profile = viewModel.profile {
                AvatarView(viewModel: AvatarViewModel(imageURL: profile.avatarURL))
                VStack(alignment: .leading, spacing: 4) {
                    Text(profile.displayName)
                        .font(.headline)
                    Text(profile.email)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
            } else {
                Image(systemName: "person.crop.circle")
                    .font(.system(size: 56))
                    .foregroundStyle(.secondary)
                Text("Not signed in")
                    .foregroundStyle(.secondary)
            }
        }
        .padding(.vertical, 8)
    }
}

#Preview {
    NavigationStack {
        ProfileView(viewModel: .preview)
            .environmentObject(SessionStore.preview)
    }
}
